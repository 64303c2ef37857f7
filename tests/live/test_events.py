"""An event as the stream writes it, and the names a stream can carry."""

import pytest

from live.events import Event, check_names, encode


def test_an_event_is_its_name_and_one_data_line_per_line_then_a_blank_line():
    event = Event(event="move", data='{"moves": 3}\nsecond\r\nthird\rfourth')
    assert encode(event) == (
        b'event: move\ndata: {"moves": 3}\ndata: second\ndata: third\ndata: fourth\n\n'
    )


def test_an_event_with_an_id_names_it_first_and_empty_data_is_one_empty_line():
    assert encode(Event(event="start", data="", id="42")) == b"id: 42\nevent: start\ndata: \n\n"


@pytest.mark.parametrize(
    ("topic", "event"),
    [
        ("", "move"),
        ("a" * 81, "move"),
        ("race/abc", "move"),
        ("race abc", "move"),
        ("race-abc", ""),
        ("race-abc", "move\ndata: forged"),
        ("race-abc", "move event"),
    ],
)
def test_a_topic_or_event_name_no_stream_could_carry_is_refused(topic, event):
    with pytest.raises(ValueError, match="live"):
        check_names(topic, event)


def test_the_names_a_race_uses_pass():
    check_names("race-Zx_9" + "a" * 71, "player.moved")
