"""Synthetic support tickets in English and Spanish with known personal data (seeded, invented).

Every value is generated: names from small invented-combination lists, Spanish DNI/NIE with a
correct control letter, IBANs with correct mod-97 check digits, phone numbers, street addresses
and health details.  ``SyntheticTicket.values`` lists the raw values by type so tests can assert
that none of them reached the provider and that the answers restore them.

    python -m eval.synthetic_tickets --n 60 --out tickets.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from local_model.text.identifiers import dni_letter, iban_check_digits

FIRST_EN = ["Oliver", "Amelia", "Harry", "Isla", "George", "Emily", "Jack", "Sophie", "Thomas", "Grace", "Daniel"]
LAST_EN = ["Whitaker", "Holloway", "Pemberton", "Ashworth", "Fairclough", "Thornton", "Blackwood", "Harrington"]
FIRST_ES = ["Lucía", "Javier", "Carmen", "Alejandro", "Marta", "Sergio", "Elena", "Pablo", "Rocío", "Álvaro"]
LAST_ES = ["Fernández", "Montoya", "Garrido", "Villalobos", "Quintana", "Echeverría", "Sarmiento", "Ibarra"]
STREETS_EN = ["Baker Street", "Maple Avenue", "Kingsway Road", "Elm Grove", "Station Lane"]
STREETS_ES = ["Calle de Alcalá", "Avenida de la Constitución", "Calle Mayor", "Paseo de Gracia", "Calle Serrano"]
CITIES_EN = ["Leeds", "Bristol", "Manchester", "Nottingham"]
CITIES_ES = ["Madrid", "Sevilla", "Valencia", "Zaragoza"]
HEALTH_EN = ["I have type 2 diabetes", "I was diagnosed with epilepsy", "I am undergoing chemotherapy"]
HEALTH_ES = ["tengo diabetes tipo 2", "me diagnosticaron epilepsia", "estoy en tratamiento de quimioterapia"]


def dni(rng: random.Random) -> str:
    number = rng.randrange(10_000_000, 99_999_999)
    return f"{number}{dni_letter(number)}"


def nie(rng: random.Random) -> str:
    prefix = rng.choice("XYZ")
    number = rng.randrange(1_000_000, 9_999_999)
    return f"{prefix}{number}{dni_letter(str('XYZ'.index(prefix)) + str(number))}"


def _ccc_digit(digits: str) -> str:
    weights = (1, 2, 4, 8, 5, 10, 9, 7, 3, 6)
    d = 11 - sum(int(c) * w for c, w in zip(digits, weights, strict=True)) % 11
    return str({10: 1, 11: 0}.get(d, d))


def iban_es(rng: random.Random) -> str:
    """A Spanish IBAN with valid national (CCC) and IBAN check digits."""
    bank_branch = "".join(str(rng.randrange(10)) for _ in range(8))
    account = "".join(str(rng.randrange(10)) for _ in range(10))
    bban = bank_branch + _ccc_digit("00" + bank_branch) + _ccc_digit(account) + account
    raw = f"ES{iban_check_digits('ES', bban)}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def phone_es(rng: random.Random) -> str:
    return f"+34 6{rng.randrange(10, 99)} {rng.randrange(100, 999)} {rng.randrange(100, 999)}"


def phone_uk(rng: random.Random) -> str:
    return f"+44 7700 {rng.randrange(900000, 900999)}"


@dataclass
class SyntheticTicket:
    id: str
    text: str
    task: str
    language: str
    values: dict[str, list[str]] = field(default_factory=dict)

    def record(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text, "task": self.task}


def _ticket_en(i: int, rng: random.Random) -> SyntheticTicket:
    name = f"{rng.choice(FIRST_EN)} {rng.choice(LAST_EN)}"
    phone = phone_uk(rng)
    street = f"{rng.randrange(2, 180)} {rng.choice(STREETS_EN)}"
    city = rng.choice(CITIES_EN)
    iban = iban_es(rng)
    health = rng.choice(HEALTH_EN)
    kind = i % 3
    if kind == 0:
        text = (
            f"Hello, my name is {name}. My line {phone} has had no signal at {street}, {city} since Monday. "
            f"{health.capitalize()} and I need the phone for my appointments, so please fix it quickly."
        )
        task, values = "coverage_issue", {"PERSON": [name], "PHONE": [phone], "HEALTH": [health]}
    elif kind == 1:
        text = (
            f"Hi, this is {name}. I was charged twice this month on my contract. Please refund it to "
            f"IBAN {iban} and call me back on {phone}. Thanks, {name.split()[0]}"
        )
        task, values = "billing_dispute", {"PERSON": [name], "PHONE": [phone], "IBAN": [iban]}
    else:
        text = (
            f"Dear support, I ({name}) want to port my number {phone} to your network. "
            f"My address is {street}, {city}. Can you tell me how long it takes?"
        )
        task, values = "number_porting", {"PERSON": [name], "PHONE": [phone]}
    return SyntheticTicket(f"en-{i:03d}", text, task, "en", values)


def _ticket_es(i: int, rng: random.Random) -> SyntheticTicket:
    name = f"{rng.choice(FIRST_ES)} {rng.choice(LAST_ES)}"
    phone = phone_es(rng)
    doc = dni(rng) if i % 2 else nie(rng)
    street = f"{rng.choice(STREETS_ES)} {rng.randrange(2, 140)}"
    city = rng.choice(CITIES_ES)
    iban = iban_es(rng)
    health = rng.choice(HEALTH_ES)
    kind = i % 3
    if kind == 0:
        text = (
            f"Hola, soy {name}, con DNI {doc}. Me habéis cobrado dos veces la factura de este mes. "
            f"Por favor devolvedme el importe a la cuenta {iban} y llamadme al {phone}."
        )
        task, values = "billing_dispute", {"PERSON": [name], "NATIONAL_ID": [doc], "IBAN": [iban], "PHONE": [phone]}
    elif kind == 1:
        text = (
            f"Buenas tardes, me llamo {name} y vivo en {street}, {city}. No tengo cobertura desde el lunes "
            f"y {health}, necesito el móvil {phone} para las citas médicas. Mi documento es {doc}."
        )
        task, values = "coverage_issue", {"PERSON": [name], "NATIONAL_ID": [doc], "PHONE": [phone], "HEALTH": [health]}
    else:
        text = (
            f"Quiero portar mi número {phone} a vuestra compañía. Titular: {name}, NIF {doc}. "
            f"¿Cuánto tarda la portabilidad?"
        )
        task, values = "number_porting", {"PERSON": [name], "NATIONAL_ID": [doc], "PHONE": [phone]}
    return SyntheticTicket(f"es-{i:03d}", text, task, "es", values)


def generate(n: int = 60, seed: int = 7) -> list[SyntheticTicket]:
    """``n`` tickets, alternating English and Spanish, reproducible for a seed."""
    if n <= 0:
        raise ValueError("n must be positive")
    rng = random.Random(seed)
    return [(_ticket_en if i % 2 == 0 else _ticket_es)(i, rng) for i in range(n)]


FILLER_EN = [
    "The problem started after the last update of the app and it happens mostly in the evening.",
    "I have already restarted the router twice and checked the cables as your website suggests.",
    "The bill for this month also looks higher than usual, although my plan has not changed.",
    "When I call the helpline the line drops after a few minutes, so I prefer to write here.",
    "My contract says the service should be available everywhere in the city centre.",
    "I would appreciate a clear explanation of what you are going to do and when.",
]
FILLER_ES = [
    "El problema empezó después de la última actualización de la aplicación y ocurre sobre todo por la tarde.",
    "Ya he reiniciado el router dos veces y he revisado los cables como indica vuestra web.",
    "La factura de este mes también parece más alta de lo normal, aunque no he cambiado de tarifa.",
    "Cuando llamo al teléfono de atención la llamada se corta a los pocos minutos, por eso escribo aquí.",
    "Mi contrato dice que el servicio debería funcionar en todo el centro de la ciudad.",
    "Agradecería una explicación clara de lo que vais a hacer y cuándo.",
]
FOLLOW_EN = [
    "Thanks. You can also write to me at {email} if that is easier.",
    "Any news? The line {phone} still has the same problem today.",
    "One more thing: the account is in the name of {name}, please keep it that way.",
    "I am still waiting. Please confirm you have my details, {first}.",
]
FOLLOW_ES = [
    "Gracias. También podéis escribirme a {email} si os resulta más fácil.",
    "¿Alguna novedad? La línea {phone} sigue con el mismo problema hoy.",
    "Una cosa más: la cuenta está a nombre de {name}, por favor mantenedlo así.",
    "Sigo esperando. Confirmadme que tenéis mis datos, {first}.",
]


@dataclass
class SyntheticConversation:
    """Several turns of one (invented) customer: the first is a synthetic ticket, the next ones
    follow up with the same person's values and a new one (an e-mail address)."""

    id: str
    language: str
    task: str
    turns: list[str]
    values: dict[str, list[str]] = field(default_factory=dict)


def _pad(text: str, chars: int, filler: list[str], rng: random.Random) -> str:
    parts = [text]
    while chars and sum(len(p) + 1 for p in parts) < chars:
        parts.append(rng.choice(filler))
    return " ".join(parts)


def conversations(n: int, turns: int = 4, seed: int = 7, chars: int = 0) -> list[SyntheticConversation]:
    """``n`` conversations of ``turns`` turns (alternating English and Spanish), each turn padded
    with neutral sentences to at least ``chars`` characters (0: no padding)."""
    rng = random.Random(seed)
    out = []
    for i, ticket in enumerate(generate(n, seed)):
        name = ticket.values["PERSON"][0]
        phone = ticket.values["PHONE"][0]
        email = f"{name.split()[0].lower()}.{i}@example.org".translate(str.maketrans("áéíóúñü", "aeiounu"))
        es = ticket.language == "es"
        follow, filler = (FOLLOW_ES, FILLER_ES) if es else (FOLLOW_EN, FILLER_EN)
        texts = [_pad(ticket.text, chars, filler, rng)]
        for k in range(1, turns):
            line = follow[(k - 1 + i) % len(follow)].format(email=email, phone=phone, name=name, first=name.split()[0])
            texts.append(_pad(line, chars, filler, rng))
        values = {**ticket.values, "EMAIL": [email]}
        out.append(SyntheticConversation(f"conv-{i:03d}", ticket.language, ticket.task, texts, values))
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.synthetic_tickets", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, required=True, help="JSONL file for pipelines.support_assistant")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for t in generate(args.n, args.seed):
            fh.write(json.dumps(t.record(), ensure_ascii=False) + "\n")
    print(f"{args.n} synthetic tickets -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
