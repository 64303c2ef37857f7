"""The rating maths (ratings.services.maths), on the library's model: directions and sizes
a reader can check by hand, never a number worked out by the code under test."""

from ratings.services import maths


def test_a_new_player_is_1500_and_provisional():
    player = maths.new_player()
    assert (player.mu, player.sigma) == (1500.0, 350.0)
    assert player.provisional


def test_a_deal_starts_from_its_grade_harder_higher():
    starts = [maths.new_deal(grade, 0.0).mu for grade in ("easy", "medium", "hard", "expert")]
    assert starts == [1250.0, 1450.0, 1650.0, 1850.0]


def test_a_narrower_deal_starts_higher_within_its_grade_by_at_most_100():
    assert maths.new_deal("hard", 0.01).mu == 1650.0 + 40.0
    assert maths.new_deal("hard", 0.9).mu == 1650.0 + 100.0


def test_a_win_raises_the_player_and_lowers_the_deal():
    player, deal = maths.new_player(), maths.new_deal("medium", 0.0)
    after_player, after_deal = maths.played(player, deal, won=True)
    assert after_player.mu > player.mu and after_deal.mu < deal.mu


def test_a_loss_lowers_the_player_and_raises_the_deal():
    player, deal = maths.new_player(), maths.new_deal("medium", 0.0)
    after_player, after_deal = maths.played(player, deal, won=False)
    assert after_player.mu < player.mu and after_deal.mu > deal.mu


def test_beating_a_harder_deal_gains_more_than_an_easier_one():
    player = maths.new_player()
    easy, _ = maths.played(player, maths.new_deal("easy", 0.0), won=True)
    expert, _ = maths.played(player, maths.new_deal("expert", 0.0), won=True)
    assert expert.mu - player.mu > easy.mu - player.mu > 0


def test_a_new_player_settles_within_ten_games():
    player = maths.new_player()
    for game in range(10):
        deal = maths.new_deal(("easy", "medium", "hard", "expert")[game % 4], 0.0)
        player, _ = maths.played(player, deal, won=game % 3 != 0)
    assert not player.provisional
    assert player.sigma < 350.0


def test_the_model_favours_the_higher_rated_side():
    strong, weak = maths.Standing(1800.0, 100.0), maths.Standing(1300.0, 100.0)
    assert maths.win_chance(strong, weak) > 0.5 > maths.win_chance(weak, strong)
