"""Task prompts in every prompt language: the route sentence with one and several stops, names
kept as the map spells them, the themes complete in each language, the language a locale asks
for, and the Finnish and English prompts unchanged from suite odyssey-v1 version 1."""

from __future__ import annotations

import hashlib

import pytest

from odyssey.tasks.generate import LANGUAGE_TAGS
from odyssey.tasks.prompts import ROUTES, language_of, render_prompt, themes_for
from odyssey.tasks.schema import TaskError
from odyssey.tasks.themes import GENERIC, INDOOR, LANGUAGES, OUTDOOR

ALL_THEMES = [*OUTDOOR, *(t for themes in INDOOR.values() for t in themes), *GENERIC]
SHOPPING = themes_for("monaco", "outdoor")[0]
# language -> (start, stops, the route sentence with one stop, with every stop); the names carry
# the articles and inflections a sentence built around them would get wrong
ROUTE_CASES = {
    "fi": ("Kauppatori", ["Tuomiokirkko", "Ateneum", "Rautatieasema"],
           "Lähtöpaikka: Kauppatori. Kohde: Tuomiokirkko.",
           "Lähtöpaikka: Kauppatori. Kohteet järjestyksessä: Tuomiokirkko, sitten Ateneum, "
           "lopuksi Rautatieasema."),
    "en": ("Columbus Circle", ["Museum of Arts and Design", "Hearst Tower", "Carnegie Hall"],
           "You start at Columbus Circle. Go to Museum of Arts and Design.",
           "You start at Columbus Circle. Visit in this order: Museum of Arts and Design, then "
           "Hearst Tower, and finally Carnegie Hall."),
    "fr": ("Le Rocher", ["Palais princier de Monaco", "La Condamine", "Les Moulins"],
           "Point de départ\u00a0: Le Rocher. Destination\u00a0: Palais princier de Monaco.",
           "Point de départ\u00a0: Le Rocher. Étapes dans l'ordre\u00a0: Palais princier de "
           "Monaco, puis La Condamine et enfin Les Moulins."),
    "ru": ("Астана-Байтерек", ["ЖК “Дипломат”", "Хан Шатыр", "бульвар Нуржол"],
           "Начальная точка: Астана-Байтерек. Пункт назначения: ЖК “Дипломат”.",
           "Начальная точка: Астана-Байтерек. Пункты по порядку: ЖК “Дипломат”, затем Хан Шатыр, "
           "в конце — бульвар Нуржол."),
    "es": ("El Prado", ["Teatro Solís", "Iglesia Matriz", "Mercado del Puerto"],
           "Punto de partida: El Prado. Destino: Teatro Solís.",
           "Punto de partida: El Prado. Paradas en orden: Teatro Solís, luego Iglesia Matriz y, "
           "por último, Mercado del Puerto."),
}  # fmt: skip
# sha256 of every theme's Finnish and English title and prompts (2, 3 and 4 names) as rendered
# by odyssey-v1 version 1 (before the other languages came): existing tasks must not change.
V1_FI_EN_DIGEST = "d4b174ae253b85dc6e5d79b33ddbd586d2c2b2b9c7548cb8556c0157230dfcfc"


@pytest.mark.parametrize("language", LANGUAGES)
def test_route_sentence_with_one_and_several_stops(language):
    start, stops, one, several = ROUTE_CASES[language]
    text = SHOPPING.text(language)
    head = f"{text.persona} {text.purpose} "
    assert render_prompt(SHOPPING, [start, stops[0]], language) == head + one
    assert render_prompt(SHOPPING, [start, *stops], language) == head + several


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_theme_names_every_stop_verbatim_and_in_order(language):
    start, stops, _, _ = ROUTE_CASES[language]
    names = [start, *stops]
    for theme in ALL_THEMES:
        for n in (2, 3, 4):
            prompt = render_prompt(theme, names[:n], language)
            at = [prompt.index(name) for name in names[:n]]
            assert at == sorted(at), prompt
            assert prompt.startswith(theme.text(language).persona)


def test_themes_hold_a_text_in_every_language_and_not_the_english_one():
    assert set(ROUTES) == set(LANGUAGES) == set(LANGUAGE_TAGS)
    for theme in ALL_THEMES:
        assert set(theme.texts) == set(LANGUAGES), theme.key
        english = theme.text("en")
        for language in LANGUAGES:
            text = theme.text(language)
            assert text.title and text.persona.endswith(".") and text.purpose.endswith(".")
            if language != "en":  # written in the language, not the English left in place
                assert text.persona != english.persona and text.purpose != english.purpose
    for themes in (OUTDOOR, *INDOOR.values()):
        for language in LANGUAGES:  # a task's title tells its theme apart in every language
            titles = [t.text(language).title for t in themes]
            assert len(set(titles)) == len(titles), (language, titles)


def test_finnish_and_english_prompts_are_those_of_version_1():
    names = ["Kauppatori", "Tuomiokirkko", "Ateneum", "Rautatieasema"]
    rendered = []
    for theme in ALL_THEMES:
        for language in ("fi", "en"):
            rendered.append(f"{theme.key} {theme.text(language).title}")
            rendered += [render_prompt(theme, names[:n], language) for n in (2, 3, 4)]
    assert hashlib.sha256("\n".join(rendered).encode()).hexdigest() == V1_FI_EN_DIGEST
    helsinki = themes_for("helsinki", "outdoor")[3]
    assert render_prompt(helsinki, names, "fi") == (
        "Olet lähetti, jonka polkupyörä on korjattavana. Paketit viedään tänään perille jalan. "
        "Lähtöpaikka: Kauppatori. Kohteet järjestyksessä: Tuomiokirkko, sitten Ateneum, "
        "lopuksi Rautatieasema."
    )


@pytest.mark.parametrize(
    ("locale", "language"),
    [("fi", "fi"), ("fi-FI", "fi"), ("fr", "fr"), ("fr-MC", "fr"), ("FR_fr", "fr"), ("ru", "ru"),
     ("ru-KZ", "ru"), ("es", "es"), ("es_UY", "es"), ("en", "en"), ("en-US", "en"),
     ("de", "en"), ("fil", "en"), ("", "en"), (None, "en")],
)  # fmt: skip
def test_language_of_a_locale(locale, language):
    assert language_of(locale) == language


def test_bad_prompt_input_is_a_clear_error():
    with pytest.raises(TaskError, match="no prompts in language 'de'"):
        render_prompt(SHOPPING, ["A", "B"], "de")
    with pytest.raises(TaskError, match="a start and at least one stop"):
        render_prompt(SHOPPING, ["A"], "fr")
