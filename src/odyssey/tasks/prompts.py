"""Personas, purposes and prompt templates for generated tasks, in Finnish and English.

Finnish inflects place names, and a wrong case reads badly; the Finnish templates therefore keep
every name in the nominative (``Kohteet järjestyksessä: A, sitten B, lopuksi C.``). Each theme
carries both languages so the English version can go into ``metadata.prompt_en``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    """A persona with a purpose: who walks the route and why, in both languages."""

    key: str
    title_en: str
    title_fi: str
    persona_en: str
    persona_fi: str
    purpose_en: str
    purpose_fi: str


def _t(key: str, title_en: str, title_fi: str, persona_en: str, persona_fi: str,
       purpose_en: str, purpose_fi: str) -> Theme:  # fmt: skip
    return Theme(key, title_en, title_fi, persona_en, persona_fi, purpose_en, purpose_fi)


# Outdoor themes (the real-place maps); the Finnish text is the prompt, the English the gloss.
OUTDOOR = (
    _t(
        "shopping",
        "Shopping trip",
        "Ostoskierros",
        "You are a student who has just moved to town.",
        "Olet juuri kaupunkiin muuttanut opiskelija.",
        "Today is a shopping trip for the new flat.",
        "Tänään hankit tavaroita uuteen asuntoosi.",
    ),
    _t(
        "museum",
        "Museum visit",
        "Museokäynti",
        "You are a tourist with a free afternoon.",
        "Olet turisti, jolla on vapaa iltapäivä.",
        "You want to see the sights and the museums.",
        "Haluat nähdä nähtävyydet ja museot.",
    ),
    _t(
        "errands",
        "Errands",
        "Asiointikierros",
        "You are a pensioner who likes to walk.",
        "Olet eläkeläinen, joka liikkuu mielellään kävellen.",
        "There are errands to run before evening.",
        "Ennen iltaa on hoidettava muutama asia.",
    ),
    _t(
        "courier",
        "Courier round",
        "Lähettikierros",
        "You are a bicycle courier whose bike is being repaired.",
        "Olet lähetti, jonka polkupyörä on korjattavana.",
        "The parcels must be delivered on foot today.",
        "Paketit viedään tänään perille jalan.",
    ),
    _t(
        "friends",
        "Meeting friends",
        "Ystävien tapaaminen",
        "You are visiting a friend for the weekend.",
        "Olet viikonloppuna ystäväsi luona kylässä.",
        "Your friend has planned a walk around the town.",
        "Ystäväsi on suunnitellut kävelykierroksen.",
    ),
    _t(
        "photo",
        "Photo walk",
        "Valokuvauskävely",
        "You are an amateur photographer.",
        "Olet harrastajavalokuvaaja.",
        "You are collecting pictures for an exhibition.",
        "Keräät kuvia näyttelyä varten.",
    ),
)

# Indoor themes by map kind; maps of other kinds use GENERIC.
INDOOR = {
    "palace": (
        _t(
            "evening",
            "Evening programme",
            "Iltaohjelma",
            "You are a guest at a state reception.",
            "Olet vieraana valtion vastaanotolla.",
            "The evening programme takes you through a palace wing.",
            "Iltaohjelma kulkee palatsin siiven läpi.",
        ),
        _t(
            "tour",
            "Guided tour",
            "Opastettu kierros",
            "You are a guide preparing tomorrow's tour.",
            "Olet opas, joka valmistelee huomista kierrosta.",
            "You walk the tour once to time it.",
            "Kävelet kierroksen kerran ajan arvioimiseksi.",
        ),
        _t(
            "staff",
            "Staff duties",
            "Henkilökunnan tehtävät",
            "You are a footman on your first day.",
            "Olet lakeija ensimmäisenä työpäivänäsi.",
            "The butler has given you a list of rooms to check.",
            "Hovimestari antoi listan tarkistettavista huoneista.",
        ),
    ),
    "hotel": (
        _t(
            "checkin",
            "A guest's day",
            "Hotellivieraan päivä",
            "You are a guest who has just checked in.",
            "Olet juuri sisään kirjautunut hotellivieras.",
            "Before dinner you want to find your way around the hotel.",
            "Ennen illallista haluat tutustua hotelliin.",
        ),
        _t(
            "conference",
            "Conference day",
            "Konferenssipäivä",
            "You are a speaker at a conference in the hotel.",
            "Olet puhuja hotellin konferenssissa.",
            "Your schedule takes you across several floors.",
            "Aikataulusi vie sinut usealle kerrokselle.",
        ),
        _t(
            "service",
            "Room service round",
            "Huonepalvelukierros",
            "You are a member of the hotel staff.",
            "Olet hotellin työntekijä.",
            "Deliveries are waiting on different floors.",
            "Toimituksia odottaa eri kerroksissa.",
        ),
    ),
    "liner": (
        _t(
            "passenger",
            "A passenger's errands",
            "Matkustajan asiat",
            "You are a passenger on the first day of the crossing.",
            "Olet matkustaja ylityksen ensimmäisenä päivänä.",
            "You have errands on several decks.",
            "Sinulla on asioita usealla kannella.",
        ),
        _t(
            "steward",
            "Steward's round",
            "Stuertin kierros",
            "You are a steward starting your shift.",
            "Olet stuertti vuorosi alussa.",
            "The purser sent you around the ship.",
            "Pursseri lähetti sinut kierrokselle laivalla.",
        ),
        _t(
            "inspection",
            "Safety inspection",
            "Turvatarkastus",
            "You are the ship's safety officer.",
            "Olet laivan turvallisuuspäällikkö.",
            "Today's inspection covers these places.",
            "Tämänpäiväinen tarkastus kattaa nämä paikat.",
        ),
    ),
    "stadium": (
        _t(
            "matchday",
            "Match day",
            "Ottelupäivä",
            "You are a supporter at your first away game.",
            "Olet kannattaja ensimmäisessä vierasottelussasi.",
            "It is match day and you want to see the ground.",
            "On ottelupäivä, ja haluat nähdä stadionin.",
        ),
        _t(
            "steward",
            "Steward briefing",
            "Järjestyksenvalvojan kierros",
            "You are a steward before the gates open.",
            "Olet järjestyksenvalvoja ennen porttien avaamista.",
            "You check your posts before kick-off.",
            "Tarkistat vartiopaikkasi ennen aloitusta.",
        ),
        _t(
            "press",
            "Press day",
            "Mediapäivä",
            "You are a reporter covering the match.",
            "Olet ottelua seuraava toimittaja.",
            "You need quotes and pictures from around the stadium.",
            "Tarvitset kommentteja ja kuvia eri puolilta stadionia.",
        ),
    ),
}

GENERIC = (
    _t(
        "visit",
        "A visit",
        "Vierailu",
        "You are a first-time visitor.",
        "Olet ensikertalainen vierailija.",
        "You have a list of places to see.",
        "Sinulla on lista nähtävistä paikoista.",
    ),
)


def themes_for(map_id: str, environment: str | None) -> tuple[Theme, ...]:
    """The themes that suit a map: by its kind for indoor maps, town walks outdoors."""
    for kind, themes in INDOOR.items():
        if kind in map_id:
            return themes
    return OUTDOOR if environment == "outdoor" else GENERIC


def language_of(locale: str | None) -> str:
    """``fi`` for Finnish maps, else ``en`` (the only two prompt languages)."""
    return "fi" if (locale or "").lower().startswith("fi") else "en"


def _route_en(names: list[str]) -> str:
    start, stops = names[0], names[1:]
    if len(stops) == 1:
        return f"You start at {start}. Go to {stops[0]}."
    middle = ", then ".join(stops[:-1])
    return f"You start at {start}. Visit in this order: {middle}, and finally {stops[-1]}."


def _route_fi(names: list[str]) -> str:
    # Colons and lists keep every name in the nominative.
    start, stops = names[0], names[1:]
    if len(stops) == 1:
        return f"Lähtöpaikka: {start}. Kohde: {stops[0]}."
    middle = ", sitten ".join(stops[:-1])
    return f"Lähtöpaikka: {start}. Kohteet järjestyksessä: {middle}, lopuksi {stops[-1]}."


def render_prompt(theme: Theme, names: list[str], language: str) -> str:
    """The prompt: persona, purpose and every stop by name, in order (the start first)."""
    if language == "fi":
        return f"{theme.persona_fi} {theme.purpose_fi} {_route_fi(names)}"
    return f"{theme.persona_en} {theme.purpose_en} {_route_en(names)}"


def pick_theme(themes: tuple[Theme, ...], rng: random.Random) -> Theme:
    return themes[rng.randrange(len(themes))]
