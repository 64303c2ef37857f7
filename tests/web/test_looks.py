"""The table's looks (issue 23): card back, felt and sounds, chosen in the game's menu, kept in
one cookie for a year, drawn as the page's classes; a forged choice changes nothing."""

from __future__ import annotations

from tests.web.deals import easy_yukon

from .html import one, parse


def body_classes(persona, path: str) -> set[str]:
    return set(one(parse(persona.client.get(path)), "body")["class"])


def test_a_new_player_sees_the_green_felt_the_blue_back_and_no_sound(alice):
    deal, _ = easy_yukon()
    page = parse(alice.client.get(f"/yukon/{deal.number}/"))
    assert set(one(page, "body")["class"]) == {"table-page", "felt-green", "back-blue", "sound-off"}
    assert one(page, "#board input[name=back][value=blue]").has_attr("checked")
    assert not one(page, "#board input[name=sound][type=checkbox]").has_attr("checked")


def test_the_menus_form_keeps_the_looks_for_a_year_and_goes_back_to_the_game(alice):
    deal, _ = easy_yukon()
    path = f"/yukon/{deal.number}/"
    response = alice.client.post(
        "/preferences/",
        {"winnable": "on", "back": "red", "felt": "blue", "sound": ["off", "on"], "next": path},
    )
    assert response.status_code == 302 and response["Location"] == path
    cookie = response.cookies["looks"]
    assert cookie.value == "red.blue.on" and int(cookie["max-age"]) >= 300 * 24 * 3600
    assert body_classes(alice, path) == {"table-page", "felt-blue", "back-red", "sound-on"}


def test_the_tables_script_saves_one_look_with_no_page_and_the_others_stay(alice):
    alice.client.cookies["looks"] = "night.wine.on"
    response = alice.client.post("/preferences/", {"felt": "green"}, headers={"HX-Request": "true"})
    assert response.status_code == 204 and not response.content
    assert response.cookies["looks"].value == "night.green.on"
    assert "deals" not in response.cookies  # the winnable switch is not touched


def test_a_forged_look_is_refused_and_changes_nothing(alice):
    alice.client.cookies["looks"] = "night.wine.on"
    response = alice.client.post("/preferences/", {"back": "<b>plaid</b>", "next": "/"})
    assert response.status_code == 400 and response["Content-Type"].startswith("text/plain")
    assert "looks" not in response.cookies


def test_a_broken_cookie_falls_back_look_by_look(alice):
    deal, _ = easy_yukon()
    alice.client.cookies["looks"] = "night.<x>"
    classes = body_classes(alice, f"/yukon/{deal.number}/")
    assert classes == {"table-page", "back-night", "felt-green", "sound-off"}


def test_the_menu_kept_between_moves_follows_the_looks_the_mode_and_the_game(alice, bob):
    """The menu is rendered once and kept (templates/play/game.html): whatever it shows
    still follows each change, the cache or not."""
    deal, line = easy_yukon()
    menu = lambda persona, path: one(parse(persona.client.get(path)), "#board .menu-panel")  # noqa: E731
    path = f"/yukon/{deal.number}/"
    assert one(menu(alice, path), "button[value=restart]").has_attr("disabled")
    game = alice.game_at(deal, [])
    alice.move(game, line[0])
    played = menu(alice, f"/game/{game.slug}/")
    assert not one(played, "button[value=restart]").has_attr("disabled")
    alice.client.cookies["looks"] = "red.blue.on"
    looked = menu(alice, f"/game/{game.slug}/")
    assert one(looked, "input[name=back][value=red]").has_attr("checked")
    assert one(looked, "input[name=sound][type=checkbox]").has_attr("checked")
    assert one(menu(bob, path), "input[name=back][value=blue]").has_attr("checked")
    vegas = menu(bob, f"/klondike/{deal.number}/?draw=3&scoring=vegas")
    current = [link.text for link in vegas.select(".mode-link.current")]
    assert current == ["Draw 3", "Vegas"]
    alice.act(game, action="resign")
    over = menu(alice, f"/game/{game.slug}/")
    assert one(over, "button[value=ask-resign]").has_attr("disabled")


def test_changing_the_draw_or_the_scoring_keeps_the_game_number(bob):
    """The menu's draw and scoring links start the same deal number in the new mode (issue
    37), each number's menu its own though the menu is kept between pages."""
    for number in (7, 8):
        page = parse(bob.client.get(f"/klondike/{number}/?draw=1&scoring=vegas"))
        links = {link.text: link["href"] for link in page.select("#board .mode-link")}
        assert links == {
            "Draw 1": f"/klondike/{number}/?draw=1&scoring=vegas",
            "Draw 3": f"/klondike/{number}/?draw=3&scoring=vegas",
            "None": f"/klondike/{number}/?draw=1&scoring=none",
            "Standard": f"/klondike/{number}/?draw=1&scoring=standard",
            "Vegas": f"/klondike/{number}/?draw=1&scoring=vegas",
        }
        followed = parse(bob.client.get(links["Draw 3"]))
        assert one(followed, "[data-testid=game-number]").text == f"Klondike #{number} · draw 3"
