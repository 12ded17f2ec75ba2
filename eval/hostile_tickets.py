"""Hostile support tickets: personal data written to slip past pattern matchers (EN and ES).

Each ticket belongs to one family of tricks seen in an adversarial review, with invented values:

* ``separators``: numbers split by DEL, middle dots, ideographic spaces, ``~``, ``_``, one digit per
  group, an IBAN written one group per line;
* ``layouts``: identifiers in other layouts (``48.291.637-D``, ``4829 1637-D``, ``X-123-4567-L``,
  a lower-case dotted IBAN) and digits spelled out in words (EN and ES);
* ``emails``: spoken or broken e-mail addresses (``dot``/``at``, ``[at]``/``[dot]``, ``(arroba)``,
  ``punto``, ``%40``, ``name@host,com``);
* ``unicode``: decomposed accents (NFD), Hangul filler and carriage returns inside names,
  zero-width characters;
* ``names``: names in lower case, hyphenated, in CSV/JSON fields, in Greek, in profile handles;
* ``special``: special categories said indirectly (treatment and clinicians, religious practice,
  sexual orientation inferred, addiction support).

``HostileTicket.values`` maps each label to the values *as written in the text* (what must not
reach the provider); ``HostileTicket.canonical`` gives, per value, the form a leak would take once
separators are removed and spelled digits decoded (digits only for numbers, the plain address for
e-mails, letters only for names), for the second-level check of ``eval.hostile_bench``.

    python -m eval.hostile_tickets --n 120 --seed 5 --out runs/hostile/tickets.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from eval.synthetic_tickets import iban_es
from local_model.text.identifiers import dni_letter

FAMILIES = ("separators", "layouts", "emails", "unicode", "names", "special")

FIRST = ["Ximena", "Baltasar", "Itziar", "Leocadio", "Nerea", "Gaizka", "Maite", "Telmo", "Ainhoa", "Ulises",
         "Hortensia", "Casimiro", "Edurne", "Fermín", "Goretti", "Iñigo"]  # fmt: skip
LAST = ["Arrizabalaga", "Olazábal", "Echenique", "Urrutia", "Zubizarreta", "Garaikoetxea", "Oyarzun", "Lasarte",
        "Etxeberria", "Azkarate", "Mendizábal", "Larrañaga", "Ibargüen", "Goikoetxea"]  # fmt: skip
FIRST_EN = ["Thaddeus", "Winifred", "Percival", "Philippa", "Ambrose", "Clementine", "Barnaby", "Rosalind"]
LAST_EN = ["Fothergill", "Blenkinsop", "Wetherby", "Quarrington", "Pettigrew", "Ravenscroft", "Cholmondeley"]
GREEK = ["Σταύρος Παπαδημητρίου", "Ευανθία Καραγιάννη", "Δημοσθένης Λαμπράκης", "Αγλαΐα Σταματοπούλου"]
DOMAINS = ["correo-norte.es", "buzonmail.com", "postbox.co.uk", "mailcasa.net"]
EN_DIGITS = "zero one two three four five six seven eight nine".split()
ES_DIGITS = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()


@dataclass
class HostileTicket:
    id: str
    text: str
    task: str
    family: str
    language: str
    values: dict[str, list[str]] = field(default_factory=dict)
    canonical: dict[str, str] = field(default_factory=dict)  # value as written -> separator-free form

    def record(self) -> dict[str, object]:
        return {"id": self.id, "text": self.text, "task": self.task}


def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randrange(1, 10)) + "".join(str(rng.randrange(10)) for _ in range(n - 1))


def _phone(rng: random.Random) -> str:
    return "6" + _digits(rng, 8)


def _dni(rng: random.Random) -> tuple[str, str]:
    number = rng.randrange(10_000_000, 99_999_999)
    return str(number), dni_letter(number)


def _iban(rng: random.Random) -> str:
    return iban_es(rng).replace(" ", "")


def _name(rng: random.Random, lang: str) -> str:
    if lang == "es":
        return f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    return f"{rng.choice(FIRST_EN)} {rng.choice(LAST_EN)}"


def _spaced(groups: list[str], sep: str) -> str:
    return sep.join(groups)


def _separators(rng: random.Random, lang: str) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    phone = _phone(rng)
    groups = [phone[0:3], phone[3:6], phone[6:9]]
    style = rng.randrange(8)
    if style == 0:
        written = _spaced(groups, "\x7f")
    elif style == 1:
        written = _spaced(groups, rng.choice(["·", "∙", "‧"]))
    elif style == 2:
        written = _spaced(groups, "\u3000")
    elif style == 3:
        written = _spaced(groups, rng.choice(["~", "_"]))
    elif style == 4:
        written = " ".join(phone[:3]) + " - " + " ".join(phone[3:])
    elif style == 5:
        iban = _iban(rng)
        written = "\n".join(iban[i : i + 4] for i in range(0, len(iban), 4))
        text = (
            f"Please refund me to this account:\n{written}\nthank you"
            if lang == "en"
            else f"Devolvedme el dinero a esta cuenta:\n{written}\ngracias"
        )
        return text, {"IBAN": [written]}, {written: iban}
    elif style == 6:
        ip = ".".join(str(rng.randrange(11, 250)) for _ in range(4))
        written = ip.replace(".", "_")
        text = (
            f"My router at {written} keeps dropping the line."
            if lang == "en"
            else f"Mi router en {written} corta la conexión."
        )
        return text, {"IP_ADDRESS": [written]}, {written: ip.replace(".", "")}
    else:
        ssn = f"{rng.randrange(101, 899)}_{rng.randrange(10, 99)}_{rng.randrange(1000, 9999)}"
        text = f"My social security number is {ssn}." if lang == "en" else f"Mi número de la seguridad social es {ssn}."
        return text, {"NATIONAL_ID": [ssn]}, {ssn: ssn.replace("_", "")}
    text = (
        f"Please call me back on {written}, the signal is bad."
        if lang == "en"
        else f"Llamadme al {written}, no tengo cobertura."
    )
    return text, {"PHONE": [written]}, {written: phone}


def _layouts(rng: random.Random, lang: str) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    style = rng.randrange(5)
    if style in (0, 1):
        number, letter = _dni(rng)
        written = (
            f"{number[:2]}.{number[2:5]}.{number[5:]}-{letter}" if style == 0 else f"{number[:4]} {number[4:]}-{letter}"
        )
        text = f"My DNI is {written}." if lang == "en" else f"Mi DNI es {written}, por favor actualizadlo."
        return text, {"NATIONAL_ID": [written]}, {written: number + letter}
    if style == 2:
        prefix = rng.choice("XYZ")
        body = f"{rng.randrange(1_000_000, 9_999_999)}"
        letter = dni_letter(str("XYZ".index(prefix)) + body)
        written = f"{prefix}-{body[:3]}-{body[3:]}-{letter}"
        text = f"My NIE is {written}." if lang == "en" else f"Mi NIE es {written}."
        return text, {"NATIONAL_ID": [written]}, {written: f"{prefix}{body}{letter}"}
    if style == 3:
        iban = _iban(rng).lower()
        written = ".".join(iban[i : i + 4] for i in range(0, len(iban), 4))
        text = f"Refund to {written} please." if lang == "en" else f"Devolución a {written}, gracias."
        return text, {"IBAN": [written]}, {written: iban.upper()}
    phone = _phone(rng)
    words = EN_DIGITS if lang == "en" else ES_DIGITS
    written = " ".join(words[int(d)] for d in phone)
    text = f"My mobile is {written}." if lang == "en" else f"Mi móvil es el {written}."
    return text, {"PHONE": [written]}, {written: phone}


def _emails(rng: random.Random, lang: str) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    first, last = _name(rng, "es").lower().split()
    first = unicodedata.normalize("NFKD", first).encode("ascii", "ignore").decode()
    last = unicodedata.normalize("NFKD", last).encode("ascii", "ignore").decode()
    user, host = rng.choice(DOMAINS).split(".", 1)
    address = f"{first}.{last}@{user}.{host}"
    style = rng.randrange(6)
    written = [
        f"{first} dot {last} at {user} dot {host.replace('.', ' dot ')}",
        f"{first}.{last}[at]{user}[dot]{host.replace('.', '[dot]')}",
        f"{first}.{last} (arroba) {user}.{host}",
        f"{first} punto {last} arroba {user} punto {host.replace('.', ' punto ')}",
        f"{first}.{last}%40{user}.{host}",
        f"{first}.{last}@{user},{host}" if "." not in host else f"{first}.{last}@{user}.{host.replace('.', ',')}",
    ][style]
    text = f"Email me at {written} with the invoice." if lang == "en" else f"Escribidme a {written} con la factura."
    return text, {"EMAIL": [written]}, {written: address}


def _unicode(rng: random.Random, lang: str) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    name = _name(rng, lang)
    style = rng.randrange(4)
    if style == 0:
        written = unicodedata.normalize("NFD", name if lang == "es" else "Álvaro Núñez Ibargüen")
    elif style == 1:
        first, last = name.split()
        written = f"{first[:3]}\u3164{first[3:]} {last}"
    elif style == 2:
        first, last = name.split()
        written = f"{first[:2]}\r{first[2:]} {last}"
    else:
        first, last = name.split()
        written = f"{first[:2]}\u200b{first[2:]} {last[:3]}\u200d{last[3:]}"
    text = (
        f"Hello, this is {written}, my bill is wrong." if lang == "en" else f"Hola, soy {written}, la factura está mal."
    )
    plain = unicodedata.normalize("NFC", written)
    for ch in ("\u3164", "\r", "\u200b", "\u200d"):
        plain = plain.replace(ch, "")
    return text, {"PERSON": [written]}, {written: plain}


def _names(rng: random.Random, lang: str) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    style = rng.randrange(5)
    name = _name(rng, lang)
    if style == 0:
        written = name.lower()
        text = (
            f"hi, i am {written} and my router is broken"
            if lang == "en"
            else f"hola, me llamo {written} y no tengo internet"
        )
    elif style == 1:
        written = (
            "anna-lena schmidt-weber" if rng.random() < 0.5 else f"{name.split()[0].lower()}-{rng.choice(LAST).lower()}"
        )
        text = f"the account holder is {written}" if lang == "en" else f"la titular es {written}"
    elif style == 2:
        first, last = name.split()
        written = last
        text = json.dumps({"fn": first, "ln": last, "plan": "fibra 600"}, ensure_ascii=False)
        return text, {"PERSON": [first, last]}, {first: first, last: last}
    elif style == 3:
        written = rng.choice(GREEK)
        text = (
            f"My colleague {written} opened the ticket."
            if lang == "en"
            else f"Mi compañero {written} abrió la incidencia."
        )
    else:
        first, last = (
            unicodedata.normalize("NFKD", p).encode("ascii", "ignore").decode().lower() for p in name.split()
        )
        written = f"in/{first}-{last}"
        text = (
            f"You can find me on linkedin.com/{written}" if lang == "en" else f"Me encontráis en linkedin.com/{written}"
        )
        return text, {"PERSON": [f"{first}-{last}"]}, {f"{first}-{last}": f"{first}{last}"}
    return text, {"PERSON": [written]}, {written: written}


SPECIAL_EN = [
    ("HEALTH", "I can't come to the shop after my chemo on Tuesday.", "chemo"),
    ("HEALTH", "My oncologist needs to reach me on this line.", "oncologist"),
    ("HEALTH", "I'm registered blind, so please send the contract in large print.", "registered blind"),
    ("HEALTH", "I take antiretrovirals and need the phone for my reminders.", "antiretrovirals"),
    ("RELIGION", "I'm at the mosque on Friday afternoons, call me later.", "mosque"),
    ("RELIGION", "During Ramadan I only check messages after sunset.", "Ramadan"),
    ("SEXUAL_ORIENTATION", "I'm Marco and my husband wants his own line on our plan.", "my husband"),
    ("HEALTH", "My AA sponsor must be able to call me at any time.", "AA sponsor"),
]
SPECIAL_ES = [
    ("HEALTH", "Mi psiquiatra tiene que poder llamarme a este número.", "psiquiatra"),
    ("HEALTH", "Tomo antirretrovirales y necesito las alarmas del móvil.", "antirretrovirales"),
    ("HEALTH", "Después de la quimio no puedo ir a la tienda.", "quimio"),
    ("RELIGION", "Los domingos voy a misa y no puedo atender llamadas.", "voy a misa"),
    ("RELIGION", "Trabajo en la sinagoga y allí no hay cobertura.", "sinagoga"),
    ("RELIGION", "Durante el Ramadán solo miro el móvil por la noche.", "Ramadán"),
    ("SEXUAL_ORIENTATION", "Soy Carlos y mi marido quiere una línea en nuestro plan.", "mi marido"),
    ("HEALTH", "Mi padrino de Alcohólicos Anónimos tiene que poder llamarme.", "Alcohólicos Anónimos"),
]


def _special(rng: random.Random, lang: str) -> tuple[str, dict[str, list[str]], dict[str, str]]:
    label, text, value = rng.choice(SPECIAL_EN if lang == "en" else SPECIAL_ES)
    return text, {label: [value]}, {value: value}


MAKERS: dict[str, Callable[[random.Random, str], tuple[str, dict[str, list[str]], dict[str, str]]]] = {
    "separators": _separators,
    "layouts": _layouts,
    "emails": _emails,
    "unicode": _unicode,
    "names": _names,
    "special": _special,
}


def generate(n: int = 120, seed: int = 5) -> list[HostileTicket]:
    """``n`` tickets, families and languages in turn, reproducible for a seed."""
    if n <= 0:
        raise ValueError("n must be positive")
    rng = random.Random(seed)
    out = []
    for i in range(n):
        family = FAMILIES[i % len(FAMILIES)]
        lang = "en" if (i // len(FAMILIES)) % 2 == 0 else "es"
        text, values, canonical = MAKERS[family](rng, lang)
        out.append(HostileTicket(f"hostile-{i:03d}", text, "general_question", family, lang, values, canonical))
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.hostile_tickets", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=120)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", type=Path, required=True, help="JSONL file for pipelines.support_assistant")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for t in generate(args.n, args.seed):
            fh.write(json.dumps(t.record(), ensure_ascii=False) + "\n")
    print(f"{args.n} hostile tickets -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
