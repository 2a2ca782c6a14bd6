"""Prompt templates for generated tasks: the route sentence in each prompt language, and which
language a map's locale asks for.

Place names come from the map as they are, and several of these languages inflect them or fuse
them with a preposition: Finnish and Russian decline a name by its role in the sentence
(*Ateneumiin*, *к Байтереку*), French and Spanish contract the article of a name such as *Le
Rocher* or *El Prado* (*au Rocher*, *al Prado*). A name pasted into such a sentence reads wrongly,
so every template but the English one keeps every name in the nominative after a colon, in a list
(``Lähtöpaikka: A. Kohteet järjestyksessä: B, sitten C, lopuksi D.``). Each theme carries every
language so the English version can go into ``metadata.prompt_en``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from odyssey.tasks.schema import TaskError
from odyssey.tasks.themes import GENERIC, INDOOR, LANGUAGES, OUTDOOR, Theme, ThemeText

__all__ = ["LANGUAGES", "ROUTES", "Theme", "ThemeText", "language_of", "pick_theme",
           "render_prompt", "themes_for"]  # fmt: skip


def themes_for(map_id: str, environment: str | None) -> tuple[Theme, ...]:
    """The themes that suit a map: by its kind for indoor maps, town walks outdoors."""
    for kind, themes in INDOOR.items():
        if kind in map_id:
            return themes
    return OUTDOOR if environment == "outdoor" else GENERIC


def language_of(locale: str | None) -> str:
    """The prompt language for a map's locale (``fr``, ``fr-MC``, ``ru_RU`` ...): its primary
    language when prompts exist in it, else ``en``."""
    primary = (locale or "").replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else "en"


_NBSP = "\u00a0"  # French sets a no-break space before a colon, so it never starts a line


@dataclass(frozen=True)
class RouteText:
    """A language's route sentence: with one stop, with several (``middle`` joined by
    ``joiner``, then ``last``)."""

    one: str
    several: str
    joiner: str

    def render(self, start: str, stops: list[str]) -> str:
        if len(stops) == 1:
            return self.one.format(start=start, last=stops[0])
        middle = self.joiner.join(stops[:-1])
        return self.several.format(start=start, middle=middle, last=stops[-1])


ROUTES: dict[str, RouteText] = {
    "fi": RouteText("Lähtöpaikka: {start}. Kohde: {last}.",
                    "Lähtöpaikka: {start}. Kohteet järjestyksessä: {middle}, lopuksi {last}.",
                    ", sitten "),
    "en": RouteText("You start at {start}. Go to {last}.",
                    "You start at {start}. Visit in this order: {middle}, and finally {last}.",
                    ", then "),
    "fr": RouteText(f"Point de départ{_NBSP}: {{start}}. Destination{_NBSP}: {{last}}.",
                    f"Point de départ{_NBSP}: {{start}}. Étapes dans l'ordre{_NBSP}: {{middle}}"
                    " et enfin {last}.", ", puis "),
    "ru": RouteText("Начальная точка: {start}. Пункт назначения: {last}.",
                    "Начальная точка: {start}. Пункты по порядку: {middle}, в конце — {last}.",
                    ", затем "),
    # "y, por último," also spares the y -> e change before a name starting with (h)i.
    "es": RouteText("Punto de partida: {start}. Destino: {last}.",
                    "Punto de partida: {start}. Paradas en orden: {middle} y, por último,"
                    " {last}.", ", luego "),
}  # fmt: skip


def render_prompt(theme: Theme, names: list[str], language: str) -> str:
    """The prompt: persona, purpose and every stop by name, in order (the start first)."""
    if language not in ROUTES:
        raise TaskError(f"no prompts in language {language!r}: expected one of {', '.join(ROUTES)}")
    if len(names) < 2:
        raise TaskError(f"a prompt needs a start and at least one stop, got {names!r}")
    text = theme.text(language)
    return f"{text.persona} {text.purpose} {ROUTES[language].render(names[0], names[1:])}"


def pick_theme(themes: tuple[Theme, ...], rng: random.Random) -> Theme:
    return themes[rng.randrange(len(themes))]
