"""Generate labelled documents for training and evaluating the PII tagger.

    python -m local_model.training.generator --split heldout --kind tickets --langs en es \
        --n 600 --seed 1 --out FILE.jsonl [--augment {none,default,heavy}]

Writes JSONL in the benchmark's ``spans`` format (``eval.pii_bench --format spans``) with two
extra fields: ``language`` per row and ``stratum`` per span (from
:data:`signatures.entities.TAXONOMY`), plus ``kind``.  Documents are built from segments (text,
label); gold offsets are the positions of the labelled segments in the concatenation, after
every augmentation, so they hold exactly the value the generator inserted.

Kinds (document shapes): ``tickets``, ``chat``, ``email`` (headers, signature block), ``form``
(``Name: ...``), ``cv``, ``log``, ``json``, ``csv``, ``code``, ``negative`` (no personal data:
general questions, products, placeholders) and ``mixed`` (all of them, weighted as in training).
``--split heldout`` draws templates and values (names, streets, cities, companies, jobs,
conditions) from the held-out families only; the training split never sees them.

Languages: ``en es fr de nl`` (the default) and ``pt it pl tr ca`` (hand-written templates and
pools, :mod:`local_model.training.values_langs`), which also have criminal-record and
immigration-status sentences and names from outside Western Europe.  ``--extended`` gives those
to the original languages too; without it their files are byte-identical to what they were.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from local_model.training import slots_langs as ext
from local_model.training import templates as tpl
from local_model.training import values as pools
from local_model.training.augment import AugmentConfig, augment
from local_model.training.harvest import contexts, harvested
from local_model.training.langdata import fits, gendered, tags_of
from local_model.training.slots import Ctx, Segment, Segments, fill
from local_model.training.technical import technical_line
from signatures.entities import TAXONOMY, Label
from signatures.errors import GeneratorError, PoolError

GENERATOR_VERSION = "pii-gen-1.0"  # with harvested_share > 0 the card records the share

KINDS: tuple[str, ...] = ("tickets", "chat", "email", "form", "cv", "log", "json", "csv", "code", "negative")
#: share of each kind in the ``mixed`` stream (training)
KIND_WEIGHTS: dict[str, float] = {
    "tickets": 0.28,
    "chat": 0.14,
    "email": 0.14,
    "form": 0.1,
    "cv": 0.05,
    "log": 0.06,
    "json": 0.06,
    "csv": 0.04,
    "code": 0.04,
    "negative": 0.09,
}
#: a training stream may also read hand-written contexts with fresh values (:mod:`harvest`):
#: ``harvested_share`` of :func:`generate`, 0 by default (the stream is then exactly the one the
#: shipped tagger was trained on); the held-out split never does, so its files stay what they were
#: share of each language in a training stream
LANGUAGE_WEIGHTS: dict[str, float] = {"en": 0.34, "es": 0.34, "fr": 0.1, "de": 0.11, "nl": 0.11}
#: sentence groups and how often a ticket sentence comes from each
GROUP_WEIGHTS: dict[str, float] = {
    "person": 0.16,
    "user": 0.06,
    "email": 0.07,
    "phone": 0.08,
    "id": 0.1,
    "address": 0.12,
    "quasi": 0.11,
    "health": 0.12,
    "religion": 0.04,
    "orientation": 0.03,
    "politics": 0.03,
    "neg": 0.08,
    "free": 0.08,
}
#: the new languages' weights, and an original language's with ``extended`` (where it has the
#: groups): criminal records and immigration status join the special categories
GROUP_WEIGHTS_EXTENDED: dict[str, float] = {**GROUP_WEIGHTS, "criminal": 0.03, "immigration": 0.03}
#: the new languages: a little more of the quasi-identifier and special-category groups than the
#: original mix, so that a held-out file of 100 documents a language holds about as many quasi and
#: special spans as a stratum-level score needs (the direct identifiers come anyway: every
#: greeting, signature and form carries names)
GROUP_WEIGHTS_NEW: dict[str, float] = {
    "person": 0.14,
    "user": 0.05,
    "email": 0.06,
    "phone": 0.07,
    "id": 0.09,
    "address": 0.12,
    "quasi": 0.15,
    "health": 0.13,
    "religion": 0.05,
    "orientation": 0.04,
    "politics": 0.04,
    "criminal": 0.04,
    "immigration": 0.04,
    "neg": 0.08,
    "free": 0.07,
}

_SLOT = re.compile(r"\{(\w+)(?:\|(\w+))?\}")


@dataclass(frozen=True)
class GoldSpan:
    start: int
    end: int
    label: Label
    value: str  # == text[start:end]


@dataclass(frozen=True)
class Example:
    id: str
    text: str
    language: str
    kind: str
    split: str
    spans: tuple[GoldSpan, ...]
    augmentations: tuple[str, ...] = ()
    #: the values as the template filled them, before augmentation (same order as ``spans``)
    raw_values: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "text": self.text,
            "language": self.language,
            "kind": self.kind,
            "spans": [
                {"start": s.start, "end": s.end, "label": s.label.value, "stratum": TAXONOMY[s.label].stratum.value}
                for s in self.spans
            ],
        }


# -- rendering --------------------------------------------------------------------------------


def _modify(segs: Segments, modifier: str | None, language: str = "") -> Segments:
    if modifier is None:
        return segs
    if modifier in ext.SUFFIX_CASES:  # Turkish case ending after a name: İstanbul'da, Ayşe'nin
        return [*segs, Segment(ext.tr_suffix(segs[-1].text, modifier))]
    if modifier == "de":  # Catalan: d'Olot, de Girona, del VIH
        return ext.catalan_de(segs)
    if modifier == "ucfirst":  # a value that starts a sentence: its first letter only (HIV ilacı -> HIV ilacı)
        up = ext.tr_upper if language == "tr" else str.upper
        return [Segment(up(segs[0].text[:1]) + segs[0].text[1:], segs[0].label), *segs[1:]] if segs else segs
    cases: dict[str, Callable[[str], str]] = {"lower": str.lower, "upper": str.upper, "cap": str.capitalize}
    if language == "tr":
        cases = {"lower": ext.tr_lower, "upper": ext.tr_upper, "cap": ext.tr_capitalize}
    fn = cases[modifier]
    return [Segment(fn(s.text), s.label) for s in segs]


def render(template: str, ctx: Ctx) -> Segments:
    """Fill a template's slots: literal text becomes unlabelled segments; ``[[m|f]]`` takes the
    writer's form."""
    if "[[" in template:
        template = gendered(template, ctx.persona.gender)
    out: Segments = []
    pos = 0
    for m in _SLOT.finditer(template):
        if m.start() > pos:
            out.append(Segment(template[pos : m.start()]))
        out.extend(_modify(fill(m.group(1), ctx), m.group(2), ctx.language))
        pos = m.end()
    if pos < len(template):
        rest = template[pos:]
        if ctx.language in ext.LANGUAGES and rest.startswith(".") and out and out[-1].text.endswith("."):
            rest = rest[1:]  # "... S.r.l." ends the sentence: no second full stop
        out.append(Segment(rest))
    return out


def _weighted(rng: random.Random, weights: dict[str, float]) -> str:
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def _usable(ctx: Ctx, entries: tpl.T) -> tpl.T:
    """The templates (or words) of a new language that fit the document's country and writer,
    without their tags and in the writer's gender (``[[o|a]]``); the original languages' lists as
    they are."""
    if ctx.language not in ext.LANGUAGES:
        return entries
    g = ctx.persona.gender
    return tuple(gendered(tags_of(e)[1], g) for e in entries if fits(e, ctx.country, g))


def _words(ctx: Ctx, key: str, default: tpl.T) -> tpl.T:
    """Words of a document shape: the new language's own, or ``default`` (the original shapes)."""
    if ctx.language not in ext.LANGUAGES:
        return default
    return _usable(ctx, tpl.doc_words(ctx.language, key)) or default


def _group_weights(ctx: Ctx) -> dict[str, float]:
    if ctx.language in ext.LANGUAGES:
        return GROUP_WEIGHTS_NEW
    if ctx.extended and "criminal" in tpl.SENTENCES[ctx.language]:
        return GROUP_WEIGHTS_EXTENDED
    return GROUP_WEIGHTS


def _sentence(ctx: Ctx, group: str | None = None) -> Segments:
    group = group or _weighted(ctx.rng, _group_weights(ctx))
    if group == "free":
        return _free(ctx)
    pool = _usable(ctx, tpl.sentences(ctx.language, group, ctx.split)) or _usable(
        ctx, tpl.sentences(ctx.language, "person", ctx.split)
    )
    return render(ctx.rng.choice(pool), ctx)


def _salad(ctx: Ctx, title: bool = False) -> Segments:
    """A sentence of frequent words of the language (no names, places or special-category terms):
    ordinary context the templates alone would be too few to teach."""
    r = ctx.rng
    pool = pools.context_words(ctx.language)
    words = [
        pool[min(len(pool) - 1, int(r.paretovariate(0.6)) - 1)] if r.random() < 0.5 else r.choice(pool)
        for _ in range(r.randint(3, 14))
    ]
    cap: Callable[[str], str] = ext.tr_capitalize if ctx.language == "tr" else str.capitalize
    if title:
        words = [cap(w) for w in words[:5]]
    elif ctx.language == "de":
        words = [w.capitalize() if r.random() < 0.3 else w for w in words]
    words[0] = cap(words[0])
    return [Segment(" ".join(words) + r.choice([".", ".", ".", "?", "!", "", ","]))]


_FREE_SLOTS = ("ofull", "ofull", "oemail", "phone", "iban", "natid", "ip", "street", "user")


def _free(ctx: Ctx) -> Segments:
    """A value in ordinary context, without a cue: names, addresses and identifiers are personal
    data wherever they stand."""
    r = ctx.rng
    before = _salad(ctx)[0].text.rstrip(".?!,") if r.random() < 0.8 else ""
    after = _salad(ctx)[0].text.lower() if r.random() < 0.6 else ""
    parts: Segments = [Segment(before + (" " if before else ""))] if before else []
    parts += fill(r.choice(_FREE_SLOTS), ctx)
    if after:
        parts.append(Segment(" " + after))
    return parts


def _filler(ctx: Ctx) -> Segments:
    return [Segment(ctx.rng.choice(_usable(ctx, tpl.fillers(ctx.language, ctx.split))))]


def _join(parts: Sequence[Segments], sep: str) -> Segments:
    out: Segments = []
    for i, p in enumerate(parts):
        if i:
            out.append(Segment(sep))
        out.extend(p)
    return out


# -- document shapes --------------------------------------------------------------------------


def _fillers(ctx: Ctx, k: int) -> list[Segments]:
    pool = _usable(ctx, tpl.fillers(ctx.language, ctx.split))
    return [[Segment(f)] for f in ctx.rng.sample(pool, k=min(k, len(pool)))]


def _body(ctx: Ctx, n_max: int = 6) -> list[Segments]:
    parts = [_sentence(ctx) for _ in range(ctx.rng.randint(1, 3))]
    parts += _fillers(ctx, ctx.rng.randint(0, 2))
    parts += [_salad(ctx) for _ in range(ctx.rng.randint(0, 2))]
    ctx.rng.shuffle(parts)
    return parts[:n_max]


def ticket(ctx: Ctx) -> Segments:
    r = ctx.rng
    parts: list[Segments] = []
    if r.random() < 0.6:
        parts.append(render(r.choice(_usable(ctx, tpl.greetings(ctx.language, ctx.split))), ctx))
    parts += _body(ctx)
    if r.random() < 0.7:
        parts.append(render(r.choice(_usable(ctx, tpl.closings(ctx.language, ctx.split))), ctx))
    return _join(parts, r.choice(["\n", " ", "\n\n", " "]))


def chat(ctx: Ctx) -> Segments:
    r = ctx.rng
    agent = r.choice(_words(ctx, "chat_agent", ("Agent", "Support", "Bot", "Agente", "Soporte", "Asistente", "agent")))
    me_words = _words(ctx, "chat_me", ("User", "Cliente", "me"))
    me: Segments = r.choice(
        [
            [Segment(ctx.persona.first, Label.PERSON)],
            *[[Segment(w)] for w in me_words[:-1]],
            [Segment(ctx.persona.first.lower(), Label.PERSON)],
            [Segment(me_words[-1])],
        ]
    )
    lines: list[Segments] = []
    stamp = r.random() < 0.4
    hour, minute = r.randrange(8, 22), r.randrange(0, 50)
    for turn in range(r.randint(2, 6)):
        prefix: Segments = [Segment(f"[{hour:02d}:{minute + turn:02d}] ")] if stamp else []
        if turn % 2 == 0:
            body = _sentence(ctx) if r.random() < 0.75 else _filler(ctx)
            lines.append([*prefix, *me, Segment(": "), *body])
        else:
            lines.append([*prefix, Segment(f"{agent}: "), *(_filler(ctx) if r.random() < 0.5 else _salad(ctx))])
    return _join(lines, "\n")


def email_doc(ctx: Ctx) -> Segments:
    r = ctx.rng
    head: list[Segments] = []
    if r.random() < 0.7:
        keys = ["From: ", "To: ", "Subject: "]
        if ctx.language in ext.LANGUAGES and r.random() < 0.6:  # a mail client in the writer's language
            keys = [_words(ctx, f"mail_{k}", (keys[i],))[0] for i, k in enumerate(("from", "to", "subject_key"))]
        sender = [Segment(keys[0]), *fill("full", ctx), Segment(" <"), *fill("email", ctx), Segment(">")]
        head.append(sender)
        to = _words(ctx, "mail_to_addr", ("support@example.com", "soporte@empresa.es", "help@isp.net"))
        head.append([Segment(keys[1]), Segment(r.choice(to))])
        subjects = _words(
            ctx,
            "mail_subject",
            ("Re: incident", "Problem with my line", "Factura", "Baja del servicio", "Urgent", "Fwd: contract"),
        )
        head.append([Segment(keys[2]), Segment(r.choice(subjects))])
    parts = [_join(head, "\n")] if head else []
    parts.append(render(r.choice(_usable(ctx, tpl.greetings(ctx.language, ctx.split))), ctx))
    parts += _body(ctx, 4)
    parts.append(render(r.choice(_usable(ctx, tpl.closings(ctx.language, ctx.split))), ctx))
    sig: list[Segments] = []
    for slot, p in (("job", 0.4), ("org", 0.5), ("phone", 0.6), ("street", 0.3), ("email", 0.3)):
        if r.random() < p:
            line = fill(slot, ctx)
            if slot == "phone":
                line = [Segment(r.choice(_words(ctx, "sig_phone", ("Tel: ", "M: ", "Móvil: ", "Mob. ", "T. ")))), *line]
            if slot == "street" and r.random() < 0.7:
                line = [*line, Segment(", "), *fill("postcode", ctx), Segment(" "), *fill("city", ctx)]
            sig.append(line)
    if sig:
        parts.append(_join(sig, "\n"))
    return _join(parts, "\n\n" if r.random() < 0.5 else "\n")


_FORM_SLOTS = (
    "full",
    "email",
    "phone",
    "dob",
    "street",
    "city",
    "postcode",
    "natid",
    "iban",
    "job",
    "org",
    "cond",
    "user",
    "age",
    "relig",
    "contract",
)


def form(ctx: Ctx) -> Segments:
    r = ctx.rng
    slots = _FORM_SLOTS + ext.ID_SLOTS if ctx.language in ext.LANGUAGES else _FORM_SLOTS
    available = [s for s in slots if _usable(ctx, tpl.form_fields(ctx.language, s, ctx.split))]
    chosen = r.sample(available, k=min(len(available), r.randint(3, 8)))
    style = r.choice(["{k}: ", "{k}:", "{k} - ", "**{k}:** ", "{k}\t", "{k} = ", "- {k}: "])
    lines = []
    for slot in chosen:
        key = r.choice(_usable(ctx, tpl.form_fields(ctx.language, slot, ctx.split)))
        upper: Callable[[str], str] = ext.tr_upper if ctx.language == "tr" else str.upper
        key = upper(key) if r.random() < 0.1 else key
        value = fill("cond_bare" if slot == "cond" and ctx.language in ext.LANGUAGES else slot, ctx)
        if slot == "age":
            value = [Segment(value[0].text.split()[0], Label.AGE)]
        lines.append([Segment(style.format(k=key)), *value])
    return _join(lines, r.choice(["\n", "\n", " | ", "; "]))


def cv(ctx: Ctx) -> Segments:
    r = ctx.rng
    lines: list[Segments] = [fill("full", ctx), fill("job", ctx)]
    contact = [fill("email", ctx), fill("phone", ctx), fill("city", ctx)]
    r.shuffle(contact)
    lines.append(_join(contact, r.choice([" · ", " | ", ", ", " - "])))
    if r.random() < 0.4:
        born = _words(ctx, "cv_born", ("Born: ", "Fecha de nacimiento: ", "DOB: ", "Nacido el "))
        lines.append([Segment(r.choice(born)), *fill("dob", ctx)])
    lines.append(
        [Segment(r.choice(_words(ctx, "cv_experience", ("Experience", "Experiencia", "EXPERIENCE", "Work history"))))]
    )
    for _ in range(r.randint(1, 3)):
        y = r.randrange(1995, 2022)
        lines.append(
            [
                Segment(f"{y}–{y + r.randrange(1, 5)}  "),
                *fill("job", ctx),
                Segment(r.choice(_words(ctx, "cv_at", (", ", " at ", " en ", " @ ")))),
                *fill("org", ctx),
                Segment(", "),
                *fill("city", ctx),
            ]
        )
    if r.random() < 0.3:
        lines.append(
            [
                Segment(r.choice(_words(ctx, "cv_skills", ("Skills: ", "Habilidades: ")))),
                Segment(", ".join(r.sample(pools.PRODUCTS, 3))),
            ]
        )
    return _join(lines, "\n")


def log(ctx: Ctx) -> Segments:
    r = ctx.rng
    lines = []
    for i in range(r.randint(2, 6)):
        day = f"2024-{r.randrange(1, 13):02d}-{r.randrange(1, 29):02d}"
        ts = f"{day}T{r.randrange(0, 24):02d}:{r.randrange(0, 60):02d}:{i:02d}Z"
        level = r.choice(["INFO", "WARN", "ERROR", "DEBUG"])
        shape = r.randrange(6)
        if shape == 0:
            body = [Segment("auth: login failed user="), *fill("user", ctx), Segment(" ip="), *fill("ip", ctx)]
        elif shape == 1:
            body = [Segment("mailer: sent reset link to "), *fill("email", ctx)]
        elif shape == 2:
            body = [Segment("sms: delivered to "), *fill("phone", ctx), Segment(" status=ok")]
        elif shape == 3:
            body = [
                Segment(f"GET /api/v2/orders/{r.randrange(1000, 99999)} 200 {r.randrange(2, 900)}ms from "),
                *fill("ip", ctx),
            ]
        elif shape == 4:
            body = [
                Segment('user_login="'),
                *fill("user", ctx),
                Segment('" session='),
                Segment(f"{r.getrandbits(48):x}"),
            ]
        else:
            body = [Segment("billing: updated account "), *fill("account", ctx), Segment(" iban="), *fill("iban", ctx)]
        lines.append([Segment(f"{ts} {level} "), *body])
    return _join(lines, "\n")


_JSON_KEYS = {
    "full": ("name", "fullName", "nombre", "customer_name"),
    "email": ("email", "mail", "correo"),
    "phone": ("phone", "tel", "telefono", "mobile"),
    "street": ("address", "street", "direccion"),
    "city": ("city", "ciudad"),
    "postcode": ("zip", "postcode", "cp"),
    "dob": ("dob", "birth_date"),
    "user": ("username", "login"),
    "ip": ("ip", "last_ip"),
    "natid": ("ssn", "dni", "national_id"),
    "iban": ("iban",),
    "job": ("job_title", "puesto"),
    "org": ("company", "empresa"),
}


def json_doc(ctx: Ctx) -> Segments:
    r = ctx.rng
    chosen = r.sample(list(_JSON_KEYS), k=r.randint(2, 6))
    pretty = r.random() < 0.5
    items: list[Segments] = []
    for slot in chosen:
        key = r.choice(_words(ctx, f"json_{slot}", _JSON_KEYS[slot]))
        value = [Segment(s.text.replace('"', "'").replace("\n", " "), s.label) for s in fill(slot, ctx)]
        items.append([Segment(f'"{key}": "' if pretty or r.random() < 0.5 else f'"{key}":"'), *value, Segment('"')])
    if r.random() < 0.3:
        items.append([Segment(f'"id": {r.randrange(1, 99999)}')])
    sep = ",\n  " if pretty else ", "
    return [Segment("{\n  " if pretty else "{"), *_join(items, sep), Segment("\n}" if pretty else "}")]


def csv_doc(ctx: Ctx) -> Segments:
    r = ctx.rng
    cols = r.sample(["ofull", "oemail", "phone", "city", "postcode", "job", "natid"], k=r.randint(2, 5))
    names = {
        "ofull": "name",
        "oemail": "email",
        "phone": "phone",
        "city": "city",
        "postcode": "zip",
        "job": "job",
        "natid": "id_number",
    }
    sep = r.choice([",", ";", "\t", "|"])
    rows: list[Segments] = [[Segment(sep.join(_words(ctx, f"csv_{c}", (names[c],))[0] for c in cols))]]
    for _ in range(r.randint(1, 4)):
        cells = [[Segment(s.text.replace(sep, " ").replace("\n", " "), s.label) for s in fill(c, ctx)] for c in cols]
        rows.append(_join(cells, sep))
    return _join(rows, "\n")


def code(ctx: Ctx) -> Segments:
    r = ctx.rng
    q = r.choice(['"', "'"])

    def s(slot: str) -> Segments:
        return [Segment(x.text.replace(q, "").replace("\n", " "), x.label) for x in fill(slot, ctx)]

    shape = r.randrange(5)
    if shape == 0:
        return [Segment(f"user = User(name={q}"), *s("full"), Segment(f"{q}, email={q}"), *s("email"), Segment(f"{q})")]
    if shape == 1:
        return [
            Segment(f"send_sms({q}"),
            *s("phone"),
            Segment(f"{q}, body={q}Your code is {r.randrange(1000, 9999)}{q})"),
        ]
    if shape == 2:
        return [
            Segment(f"INSERT INTO customers (name, city, dni) VALUES ({q}"),
            *s("ofull"),
            Segment(f"{q}, {q}"),
            *s("city"),
            Segment(f"{q}, {q}"),
            *s("natid"),
            Segment(f"{q});"),
        ]
    if shape == 3:
        return [
            Segment("const contact = { user: " + q),
            *s("user"),
            Segment(f"{q}, ip: {q}"),
            *s("ip"),
            Segment(f"{q} }};"),
        ]
    return [
        Segment("# TODO: ask "),
        *s("ofull"),
        Segment(" about the migration\nDEFAULT_ADDRESS = " + q),
        *s("street"),
        Segment(q),
    ]


def negative(ctx: Ctx) -> Segments:
    parts = [_sentence(ctx, "neg") for _ in range(ctx.rng.randint(1, 3))]
    parts += _fillers(ctx, ctx.rng.randint(0, 2))
    if ctx.extended:  # technical text pasted into tickets: paths, classes, error codes, versions, logs
        parts += [[Segment(technical_line(ctx.rng))] for _ in range(ctx.rng.randint(1, 3))]
    parts += [_salad(ctx, title=ctx.rng.random() < 0.3) for _ in range(ctx.rng.randint(1, 3))]
    ctx.rng.shuffle(parts)
    return _join(parts, ctx.rng.choice([" ", "\n"]))


SHAPES: dict[str, Callable[[Ctx], Segments]] = {
    "tickets": ticket,
    "chat": chat,
    "email": email_doc,
    "form": form,
    "cv": cv,
    "log": log,
    "json": json_doc,
    "csv": csv_doc,
    "code": code,
    "negative": negative,
    "harvested": harvested,
}


# -- assembling -------------------------------------------------------------------------------


def _merge_adjacent(segments: Segments) -> Segments:
    """Join neighbouring unlabelled segments; drop empty ones; move edge whitespace out of labels."""
    out: Segments = []
    for seg in segments:
        if not seg.text:
            continue
        if seg.label is not None:
            core = seg.text.strip()
            lead = seg.text[: len(seg.text) - len(seg.text.lstrip())]
            trail = seg.text[len(seg.text.rstrip()) :]
            if not core:
                seg = Segment(seg.text)
            else:
                if lead:
                    out.append(Segment(lead))
                out.append(Segment(core, seg.label))
                if trail:
                    out.append(Segment(trail))
                continue
        if out and out[-1].label is None and seg.label is None:
            out[-1] = Segment(out[-1].text + seg.text)
        else:
            out.append(seg)
    return out


def assemble(segments: Segments) -> tuple[str, tuple[GoldSpan, ...]]:
    """Concatenate segments; each labelled segment becomes one gold span at its position."""
    text_parts: list[str] = []
    spans: list[GoldSpan] = []
    pos = 0
    for seg in segments:
        if seg.label is not None:
            spans.append(GoldSpan(pos, pos + len(seg.text), seg.label, seg.text))
        text_parts.append(seg.text)
        pos += len(seg.text)
    return "".join(text_parts), tuple(spans)


def make_example(
    index: int,
    *,
    seed: int,
    split: pools.Split,
    kind: str,
    language: str,
    augment_config: AugmentConfig,
    obfuscate: float = 0.15,
    harvested_share: float = 0.0,
    extended: bool = False,
) -> Example:
    """One document, fully determined by (seed, split, kind, language, index, augmentation,
    share of hand-written contexts, extension)."""
    rng = random.Random(f"{seed}:{split}:{kind}:{language}:{index}")
    locale = rng.choice(pools.ALL_LOCALES[language])
    ctx = Ctx(language, locale, split, rng, obfuscate, extended)
    weights = KIND_WEIGHTS
    if split == "train" and harvested_share > 0 and language in contexts():  # none written in the new languages
        weights = {**KIND_WEIGHTS, "harvested": harvested_share}
    shape = kind if kind != "mixed" else _weighted(rng, weights)
    raw = _merge_adjacent(SHAPES[shape](ctx))
    augmented, applied = augment(raw, rng, augment_config)
    final = _merge_adjacent(augmented)
    text, spans = assemble(final)
    raw_values = tuple(s.text for s in raw if s.label is not None)
    return Example(
        f"{split}-{shape}-{language}-{seed}-{index}", text, language, shape, split, spans, tuple(applied), raw_values
    )


def generate(
    n: int,
    *,
    seed: int = 0,
    split: pools.Split = "train",
    kind: str = "mixed",
    languages: Sequence[str] = pools.LANGUAGES,
    augment_config: AugmentConfig | None = None,
    obfuscate: float = 0.15,
    language_weights: dict[str, float] | None = None,
    harvested_share: float = 0.0,
    extended: bool = False,
) -> Iterator[Example]:
    """``n`` examples.  Languages are drawn by ``language_weights`` (restricted to ``languages``)
    when given, else taken in turn (equal shares: what an evaluation file wants).
    ``harvested_share``: relative weight of hand-written contexts in a ``mixed`` training stream
    (the other kinds weigh 1 together; 0: none).  ``extended``: criminal-record and immigration
    sentences (en, es) and names from outside Western Europe in the original languages too; the new
    languages (pt, it, pl, tr, ca) always have them, and without it the original languages'
    documents are exactly what they were."""
    if n < 1:
        raise GeneratorError(f"n must be at least 1, got {n}")
    unknown = [lang for lang in languages if lang not in pools.ALL_LOCALES]
    if unknown:
        raise GeneratorError(f"unknown languages {unknown}; available: {list(pools.ALL_LOCALES)}")
    if kind != "mixed" and kind not in SHAPES:
        raise GeneratorError(f"unknown kind {kind!r}; available: {[*KINDS, 'mixed']}")
    if split not in pools.SPLITS:
        raise GeneratorError(f"unknown split {split!r}; available: {list(pools.SPLITS)}")
    if not 0.0 <= harvested_share <= 10.0:
        raise GeneratorError(f"harvested_share must be between 0 and 10, got {harvested_share}")
    config = augment_config if augment_config is not None else AugmentConfig()
    picker = random.Random(f"languages:{seed}:{split}")
    weights = {lang: (language_weights or {}).get(lang, 0.0) for lang in languages} if language_weights else None
    for i in range(n):
        language = _weighted(picker, weights) if weights else languages[i % len(languages)]
        yield make_example(
            i,
            seed=seed,
            split=split,
            kind=kind,
            language=language,
            augment_config=config,
            obfuscate=obfuscate,
            harvested_share=harvested_share,
            extended=extended,
        )


AUGMENT_PROFILES: dict[str, Callable[[], AugmentConfig]] = {
    "none": AugmentConfig.none,
    "default": AugmentConfig,
    "heavy": AugmentConfig.heavy,
}


def write_jsonl(
    examples: Iterator[Example] | Sequence[Example], path: Path, total: int | None = None, quiet: bool = False
) -> int:
    from tqdm import tqdm

    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("w", encoding="utf-8") as fh:
        for ex in tqdm(examples, total=total, desc="generate", unit="doc", file=sys.stderr, disable=quiet):
            fh.write(json.dumps(ex.to_json(), ensure_ascii=False) + "\n")
            count += 1
    return count


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m local_model.training.generator", description=__doc__.split("\n\n")[0])
    p.add_argument("--split", choices=pools.SPLITS, default="heldout")
    p.add_argument("--kind", choices=[*KINDS, "mixed"], default="mixed")
    p.add_argument("--langs", nargs="+", default=list(pools.LANGUAGES), choices=pools.ALL_LANGUAGES)
    p.add_argument("--n", type=int, default=600, help="number of documents (languages in equal shares)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--augment",
        choices=list(AUGMENT_PROFILES),
        default="default",
        help="casing/obfuscation profile: none, default (as in training) or heavy (the obfuscated set)",
    )
    p.add_argument("--obfuscate", type=float, help="share of obfuscated identifier formats (default 0.15; heavy 0.6)")
    p.add_argument(
        "--extended",
        action="store_true",
        help="criminal-record and immigration-status sentences (en, es) and names from outside Western Europe "
        "for the original languages too (always on for pt, it, pl, tr, ca); off: their files stay byte-identical",
    )
    p.add_argument("--out", required=True, help="output JSONL file")
    p.add_argument("--quiet", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    obfuscate = args.obfuscate if args.obfuscate is not None else (0.6 if args.augment == "heavy" else 0.15)
    try:
        examples = generate(
            args.n,
            seed=args.seed,
            split=args.split,
            kind=args.kind,
            languages=args.langs,
            augment_config=AUGMENT_PROFILES[args.augment](),
            obfuscate=obfuscate,
            extended=args.extended,
        )
        count = write_jsonl(examples, Path(args.out), total=args.n, quiet=args.quiet)
    except (GeneratorError, PoolError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {count} documents to {args.out} ({GENERATOR_VERSION}, split={args.split}, kind={args.kind})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
