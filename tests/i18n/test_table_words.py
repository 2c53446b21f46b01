"""The sentences players flagged (issue #29), through the real message functions with
real values, against the sentence each language should read."""

from __future__ import annotations

import io

import pytest

import cli.main
from ai.review import review_game
from bot.adapter.words.texts import table_text
from bot.core.effects import SeatLabel, TableSnapshot
from bot.storage.stats import FORGOTTEN_NAME
from cli import play as play_command
from cli.terminal_scores import standings_lines
from cli.terminal_table import Seating
from cli.verify import verdict
from engine import Game, Rules
from engine.events import GameOver
from engine.record import game_from_record, game_to_record
from i18n import suit_name, words_for
from i18n.computer_names import shown_name
from i18n.review_words import review_lines
from i18n.rules_words import rules_summary
from render import samples
from render.describe import waiting_for
from tests.cli.scripted_play import parse_args
from tests.engine.examples import short_game


def still_to_bid(language: str, awaited: int) -> str:
    """The status line of a simultaneous bidding with ``awaited`` players left."""
    players = max(3, awaited + 1)
    game = samples.new_game(players, seed=1, rules=Rules(bidding="simultaneous", hook=False))
    for seat in range(players - awaited):
        game.bid(seat, 0)
    view = game.view(None)
    assert len(view.awaiting) == awaited
    return waiting_for(view, view.players, words_for(language))


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Bids are made together: {n} still to bid"),
    ("hi", "सब साथ बोलते हैं: अभी {n} खिलाड़ी बाक़ी"),
    ("ne", "सबै सँगै बोल्छन्: अझै {n} जना बाँकी"),
    ("gu", "બધા સાથે બોલે છે: હજી {n} ખેલાડી બાકી"),
])
@pytest.mark.parametrize("awaited", [1, 2, 5])
def test_players_still_to_bid_are_counted_as_players(
    language: str, expected: str, awaited: int
) -> None:
    assert still_to_bid(language, awaited) == expected.format(n=awaited)


SCHEDULE_DOWN = {
    "en": {1: "1 card down to 1", 2: "2 cards down to 1", 5: "5 cards down to 1"},
    "hi": {1: "1 पत्ते से 1 तक", 2: "2 पत्तों से 1 तक", 5: "5 पत्तों से 1 तक"},
    "ne": {1: "1 पत्तीदेखि 1सम्म", 2: "2 पत्तीदेखि 1सम्म", 5: "5 पत्तीदेखि 1सम्म"},
    "gu": {1: "1 પત્તાથી 1 સુધી", 2: "2 પત્તાંથી 1 સુધી", 5: "5 પત્તાંથી 1 સુધી"},
}


@pytest.mark.parametrize("language", sorted(SCHEDULE_DOWN))
@pytest.mark.parametrize("cards", [1, 2, 5])
def test_a_schedule_from_a_number_of_cards_is_one_sentence(language: str, cards: int) -> None:
    summary = rules_summary(words_for(language), Rules(schedule="down", max_hand=cards))
    assert summary.split(" · ")[0] == SCHEDULE_DOWN[language][cards]


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "the largest hand down to 1 and back up"),
    ("hi", "सबसे ज़्यादा पत्तों से 1 तक और फिर वापस ऊपर"),
    ("ne", "सबैभन्दा धेरै पत्तीदेखि 1सम्म र फेरि माथि"),
    ("gu", "સૌથી વધુ પત્તાંથી 1 સુધી અને પાછા ઉપર"),
])
def test_the_largest_hand_is_spoken_of_as_cards(language: str, expected: str) -> None:
    assert rules_summary(words_for(language), Rules()).split(" · ")[0] == expected


FINAL = {
    "en": {1: "Final standings after 1 deal:", 2: "Final standings after 2 deals:",
           5: "Final standings after 5 deals:"},
    "hi": {1: "1 बाज़ी के बाद आख़िरी नतीजा:", 2: "2 बाज़ियों के बाद आख़िरी नतीजा:",
           5: "5 बाज़ियों के बाद आख़िरी नतीजा:"},
    "ne": {1: "1 बाजीपछिको अन्तिम नतिजा:", 2: "2 बाजीपछिको अन्तिम नतिजा:",
           5: "5 बाजीपछिको अन्तिम नतिजा:"},
    "gu": {1: "1 બાજી પછી આખરી પરિણામ:", 2: "2 બાજી પછી આખરી પરિણામ:",
           5: "5 બાજી પછી આખરી પરિણામ:"},
}


@pytest.mark.parametrize("language", sorted(FINAL))
@pytest.mark.parametrize("deals", [1, 2, 5])
def test_final_standings_count_their_deals(language: str, deals: int) -> None:
    seating = Seating(("Asha", "Bikram", "Chandra"), 0, words_for(language))
    lines = standings_lines(GameOver((30, 12, 5), (1, 2, 3), (0,)), deals, seating)
    assert lines[1] == FINAL[language][deals]


@pytest.mark.parametrize(("language", "words"), [
    ("hi", {("slash command", "max_hand"): "सबसे-ज़्यादा-पत्ते",
            ("slash command", "games"): "कौन-से-खेल",
            ("slash command", "sort"): "किस-हिसाब-से",
            "Start: draw the first dealer": "शुरू करें: पत्ते खींचकर पहला बाँटने वाला चुनें",
            "Allow 8 players (the largest hand is then 6)":
                "8 खिलाड़ी भी चलेंगे (तब ज़्यादा से ज़्यादा 6 पत्ते)",
            "NT": "—", "I'm back": "मैं हाज़िर हूँ", "Revoke…": "रंग-चोरी…",
            "Show me my hand again (only to me)": "मेरे पत्ते फिर दिखाएँ (सिर्फ़ मुझे)"}),
    ("ne", {("slash command", "max_hand"): "सबैभन्दा-धेरै-पत्ती",
            "Start: draw the first dealer": "सुरु गर्नुहोस्: पत्ती तानेर पहिलो बाँड्ने छान्नुहोस्",
            "NT": "—", "Revoke…": "रङ-चोरी…",
            "You're the host: use **Cancel** to close the lobby.":
                "तपाईं मेजबान हुनुहुन्छ: टेबल बन्द गर्न **रद्द गर्नुहोस्** थिच्नुहोस्।",
            "That control isn't one of this game's buttons.": "त्यो बटन यो खेलको होइन।",
            "Play my hidden card": "मेरो लुकेको पत्ती खेल्नुहोस्"}),
    ("gu", {("slash command", "max_hand"): "સૌથી-વધુ-પત્તાં",
            "Start: draw the first dealer": "શરૂ કરો: પત્તાં ખેંચીને પહેલો વહેંચનાર પસંદ કરો",
            "NT": "—", "I'm back": "હું હાજર છું", "final": "આખરી",
            "Drawing for first dealer": "પહેલાં કોણ વહેંચશે",
            "That control isn't one of this game's buttons.": "એ બટન આ રમતનું નથી.",
            "Leaving the game…": "રમત છોડી રહ્યા છો…",
            "On the table: {cards}": "ટેબલ પર: {cards}"}),
])
def test_the_words_of_the_card_table(
    language: str, words: dict[str | tuple[str, str], str]
) -> None:
    catalogue = words_for(language)
    shown = {key: catalogue.p(*key) if isinstance(key, tuple) else catalogue.t(key)
             for key in words}
    assert shown == words


@pytest.mark.parametrize(("language", "expected"), [
    ("ne", "बाजी {deal}, हात {trick}: **Asha**ले Q♠ खेलेर हात जिते।"),
    ("hi", "बाज़ी {deal}, हाथ {trick}: **Asha** ने Q♠ से हाथ जीता।"),
    ("gu", "બાજી {deal}, હાથ {trick}: **Asha** Q♠થી હાથ જીત્યા."),
])
@pytest.mark.parametrize("trick", [1, 2, 5])
def test_a_trick_won_reads_as_one_sentence(language: str, expected: str, trick: int) -> None:
    caption = words_for(language).t("Deal {deal}, trick {trick}: **{name}** wins with {card}.",
                                    deal=3, trick=trick, name="Asha", card="Q♠")
    assert caption == expected.format(deal=3, trick=trick)


@pytest.mark.parametrize(("language", "spades", "diamonds"), [
    ("hi", "♠ हुकुम", "♦ ईंट"), ("ne", "♠ हुकुम", "♦ ईटा"), ("gu", "♠ કાળી", "♦ ચોકટ"),
])
def test_suits_have_the_tables_names(language: str, spades: str, diamonds: str) -> None:
    words = words_for(language)
    assert (suit_name(words, "♠"), suit_name(words, "♦")) == (spades, diamonds)


@pytest.mark.parametrize(("language", "hard"), [
    ("en", "hard would bid"),
    ("hi", "‘कठिन’ स्तर का कंप्यूटर"),
    ("ne", "‘कठिन’ तहको कम्प्युटरले"),
    ("gu", "‘અઘરું’ સ્તરનું કમ્પ્યુટર"),
])
def test_a_review_names_the_hard_level_as_a_level(language: str, hard: str) -> None:
    game = short_game()
    deal = review_game(game, 0).deals[0]
    lines = review_lines(words_for(language), deal, game.players)
    assert any(hard in line for line in lines)


@pytest.mark.parametrize(("language", "unfinished"), [
    ("en", "The game is unfinished ({done} of 9 deals finished)"),
    ("hi", "खेल अधूरा है (9 बाज़ियों में से {done} पूरी)"),
    ("ne", "खेल अधुरो छ (9 बाजीमध्ये {done} सकियो)"),
    ("gu", "રમત અધૂરી છે (9 બાજીમાંથી {done} પૂરી)"),
])
@pytest.mark.parametrize("deals", [1, 2, 5])
def test_verify_counts_deals_in_whole_sentences(
    language: str, unfinished: str, deals: int
) -> None:
    record = game_to_record(short_game(), include_seed=True)
    cut = dict(record, deals=record["deals"][:deals])
    game = game_from_record(cut, check_seed=True)
    text = verdict(cut, game, record["commitment"], words_for(language))
    assert text.startswith("ok: ")
    assert unfinished.format(done=len(game.results())) in text
    assert "SHA-256" in text or language == "en"


# --- English left at run time -----------------------------------------------------------

@pytest.mark.parametrize(("language", "easy", "hard"), [
    ("en", "Mira (easy bot)", "Arjun (hard bot)"),
    ("hi", "Mira (कंप्यूटर, आसान)", "Arjun (कंप्यूटर, कठिन)"),
    ("ne", "Mira (कम्प्युटर, सजिलो)", "Arjun (कम्प्युटर, कठिन)"),
    ("gu", "Mira (કમ્પ્યુટર, સહેલું)", "Arjun (કમ્પ્યુટર, અઘરું)"),
])
def test_computer_players_carry_their_level_in_the_readers_language(
    language: str, easy: str, hard: str
) -> None:
    words = words_for(language)
    assert (shown_name(words, "Mira (easy bot)"), shown_name(words, "Arjun (hard bot)")) \
        == (easy, hard)
    assert shown_name(words, "Asha (not a bot)") == "Asha (not a bot)"
    game = Game(Rules(), ["Asha", "Mira (easy bot)", "Arjun (hard bot)"], seed=1)
    labels = (SeatLabel("Asha", 1, False, False, False, False, True),
              SeatLabel("Mira (easy bot)", None, False, False, False, False, False),
              SeatLabel("Arjun (hard bot)", None, False, False, False, False, False))
    text = table_text(words, TableSnapshot(1, labels, game.view(None)))
    assert easy in text and hard in text
    if language != "en":
        assert "bot)" not in text


@pytest.mark.parametrize(("language", "chip"), [("en", "D"), ("hi", "बाँ"), ("ne", "बाँ"),
                                                ("gu", "વ")])
def test_the_dealer_chip_is_a_letter_of_the_readers_script(language: str, chip: str) -> None:
    assert words_for(language).p("dealer chip", "D") == chip


@pytest.mark.parametrize(("language", "intro"), [
    ("en", "Kachuful: short rules, 3 players, computer players at easy level."),
    ("hi", "कचुफूल: ‘छोटा’ नियम, 3 खिलाड़ी, कंप्यूटर खिलाड़ी ‘आसान’ स्तर के।"),
    ("ne", "कचुफूल: ‘छोटो’ नियम, 3 खेलाडी, कम्प्युटर खेलाडी ‘सजिलो’ तहका।"),
    ("gu", "કચૂફૂલ: ‘ટૂંકી’ નિયમો, 3 ખેલાડી, કમ્પ્યુટર ખેલાડી ‘સહેલું’ સ્તરના."),
])
def test_the_terminal_intro_has_no_english_left(language: str, intro: str) -> None:
    out = io.StringIO()
    args = parse_args("--language", language, "--rules", "short", "--players", "3",
                      "--level", "easy", "--seed", "3")
    play_command.play(args, io.StringIO("q\n"), out, io.StringIO())
    screen = out.getvalue()
    assert screen.splitlines()[0] == intro
    if language != "en":
        assert "bot)" not in screen and "easy" not in screen


@pytest.mark.parametrize(("language", "usage", "help_line"), [
    ("en", "usage: kachuful play", "show this help message and exit"),
    ("hi", "उपयोग: kachuful play", "यह मदद दिखाकर बाहर निकलें"),
    ("ne", "प्रयोग: kachuful play", "यो मद्दत देखाएर बाहिरिनुहोस्"),
    ("gu", "ઉપયોગ: kachuful play", "આ મદદ બતાવીને બહાર નીકળો"),
])
@pytest.mark.parametrize("order", ["language first", "help first", "with ="])
def test_play_help_follows_the_language(
    language: str, usage: str, help_line: str, order: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = {"language first": ["play", "--language", language, "--help"],
            "help first": ["play", "--help", "--language", language],
            "with =": ["play", f"--language={language}", "--help"]}[order]
    with pytest.raises(SystemExit) as exit_:
        cli.main.main(argv)
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(usage) and help_line in out
    if language != "en":
        assert "players at the table" not in out and "show this help" not in out


@pytest.mark.parametrize(("language", "verdict_help"), [
    ("en", "the language of the verdict"),
    ("hi", "नतीजे की भाषा"),
    ("ne", "निष्कर्षको भाषा"),
    ("gu", "તારણની ભાષા"),
])
def test_verify_help_follows_the_language(
    language: str, verdict_help: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        cli.main.main(["verify", "--help", "--language", language])
    out = capsys.readouterr().out
    assert verdict_help in out
    # The next command line without --language speaks English again.
    with pytest.raises(SystemExit):
        cli.main.main(["verify", "--help"])
    assert "the language of the verdict" in capsys.readouterr().out


@pytest.mark.parametrize(("language", "forgotten"), [
    ("en", "Forgotten player"),
    ("hi", "भुलाया गया खिलाड़ी"),
    ("ne", "बिर्सिएको खेलाडी"),
    ("gu", "ભૂલાયેલ ખેલાડી"),
])
def test_a_forgotten_person_is_worded_in_the_readers_language(
    language: str, forgotten: str
) -> None:
    """Storage renames a forgotten person to a mark of no language; each reader sees it
    in theirs, as do names stored by earlier versions (in English)."""
    words = words_for(language)
    assert shown_name(words, FORGOTTEN_NAME) == forgotten
    assert shown_name(words, "Forgotten player") == forgotten
    assert not any(letter.isalpha() for letter in FORGOTTEN_NAME)
