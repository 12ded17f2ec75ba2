"""Names and jobs found by the grammar of the language packs' phrases (pt, it, pl, tr, ca), with names
and jobs no list or tuning text holds: a self-reference ("sono di nuovo ..."), a Catalan personal
article ("en Jordi", "l'Aina"), a relative and an apposition ("meu filho, o ..."), a signature line
after a sign-off, a Turkish name before its case ending, a Catalan double surname; a job after an
open cue ("trabalho como ..."), after the "as" word of a sentence about work, after years in a
sentence about retiring, after a weak cue with a job ending ("sou ..."), before "olarak çalışıyorum"."""

from __future__ import annotations

import pytest

from local_model.detection.catalogue import names, personal
from local_model.detection.catalogue.base import Rule, Scan

_NAME_RULES = (names.PACK_NAME_CUE, names.SIGN_OFF, names.PACK_RELATIVE, names.PACK_NAME_BEFORE_CUE)


def _found(rules: tuple[Rule, ...], text: str) -> list[str]:
    return [text[h.start : h.end] for r in rules for h in r.find(Scan(text))]


def _covered(rules: tuple[Rule, ...], text: str, value: str) -> bool:
    start = text.index(value)
    end = start + len(value)
    return any(h.start <= start and h.end >= end for r in rules for h in r.find(Scan(text)))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Buonasera, la linea cade ogni sera. sono di nuovo ornella, ancora niente internet a casa", "ornella"),
        ("Dzień dobry, to znowu ja, Bożena, nadal nie mam internetu w mieszkaniu od wtorku.", "Bożena"),
        ("Bon dia, soc jo, na mireia, continuo sense connexió a casa des de dimarts", "mireia"),
        ("Bon dia, el router no funciona. Ho pot confirmar en Jordi, que viu amb mi a casa.", "Jordi"),
        ("Bon dia, la factura la paga la meva filla, l'Aina, i no li arriba el correu.", "Aina"),
        ("Olá, quem paga a fatura é a minha filha, a Leonor, e ela não recebe o e-mail.", "Leonor"),
        ("Dzień dobry, nie mam zasięgu od wtorku i nikt nie oddzwania.\nZ poważaniem\nTaras", "Taras"),
        ("Bon dia, el router s'apaga cada nit i ningú no em truca.\nSalutacions,\nnuria", "nuria"),
        ("Merhaba, faturamda hata var. ayşe nur kaya'nın hattını da kontrol eder misiniz?", "ayşe nur kaya"),
        ("Bon dia, la línia està a nom de Pere Roig i Ferrer des de fa anys i no funciona.", "Pere Roig i Ferrer"),
    ],
)
def test_a_name_is_found_by_the_packs_grammar(text: str, name: str) -> None:
    assert _covered(_NAME_RULES, text, name), _found(_NAME_RULES, text)


@pytest.mark.parametrize(
    "text",
    [
        "Buonasera, la linea cade ogni sera. sono di nuovo senza internet da martedì, grazie",
        "Dzień dobry, to znowu ja, nadal nie mam internetu w mieszkaniu od wtorku.",
        "Bon dia, soc jo, en Barcelona no tinc connexió i la factura és massa alta.",
        "Bon dia, en abril vaig pagar la factura i la casa continua sense connexió.",
        "Bon dia, la rosa i el marc de la finestra s'han trencat, i la factura és massa alta.",
        "Bon dia, visc a Andorra la Vella i la connexió cau cada nit des de dimarts.",
        "Olá, quem paga a fatura é a minha filha, a casa é dela e não recebe o e-mail.",
        "Dzień dobry, nie mam zasięgu od wtorku i nikt nie oddzwania.\nZ poważaniem\nDział reklamacji",
        "Merhaba, İstanbul Kadıköy'de oturuyorum ve internetim yok, faturam da yanlış.",
        "Bon dia, vull pa amb tomàquet i formatge per sopar, i la factura és massa alta.",
        "Bon dia, torneu-me els diners a l'IBAN que us vaig donar, la factura és massa alta.",
    ],
)
def test_ordinary_phrases_are_no_name(text: str) -> None:
    assert _found(_NAME_RULES, text) == []


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("Olá, não consigo entrar na conta. Trabalho como ourives numa loja e preciso da fatura.", "ourives"),
        ("Olá, a internet não funciona desde ontem. Sou cenógrafa e trabalho em casa à noite.", "cenógrafa"),
        ("Buongiorno, lavoro come tappezziere a Bergamo e la linea cade ogni sera.", "tappezziere"),
        ("Buongiorno, lavoro in un cantiere navale a Monfalcone come saldatore e non ho linea.", "saldatore"),
        ("Buongiorno, sono andato in pensione dopo 40 anni da capotreno e ora la linea non va.", "capotreno"),
        ("Bon dia, treballo de fuster a Manresa i no tinc internet des de dilluns, la factura és alta.", "fuster"),
        (
            "Bon dia, treballo d'auxiliar d'infermeria i no tinc internet des de dilluns, la factura és alta.",
            "auxiliar d'infermeria",
        ),
        ("Bon dia, em vaig jubilar després de 35 anys d'escombriaire i no tinc internet a casa.", "escombriaire"),
        ("Dzień dobry, pracuję jako spawacz na zmiany i od tygodnia nie mam internetu w domu.", "spawacz"),
        ("Merhaba, internetim yok. Kuaför olarak çalışıyorum ve faturam yanlış geldi.", "Kuaför"),
        ("Merhaba, 25 yıl madenci olarak çalıştıktan sonra emekli oldum, faturam yanlış.", "madenci"),
        ("Merhaba, internetim yok. Gümrük müşaviri olarak çalışıyorum, yardım edin.", "Gümrük müşaviri"),
    ],
)
def test_a_job_is_found_by_the_packs_grammar(text: str, job: str) -> None:
    assert _covered((personal.PACK_JOB,), text, job), _found((personal.PACK_JOB,), text)


@pytest.mark.parametrize(
    "text",
    [
        "Buongiorno, lavoro come sempre da casa e la linea cade ogni sera, grazie.",
        "Buongiorno, sono andato in pensione dopo 40 anni da cliente fedele e ora la linea non va.",
        "Bon dia, treballo com a casa cada dia i no tinc internet des de dilluns, la factura és alta.",
        "Bon dia, treballo de nit i no tinc internet des de dilluns, la factura és massa alta.",
        "Olá, sou solteira e moro sozinha, a fatura deste mês veio errada outra vez.",
        "Olá, sou cliente há dez anos e a fatura deste mês veio errada outra vez.",
        "Merhaba, modem düzenli olarak çalışmıyor, internet sürekli olarak kesiliyor.",
        "Merhaba, yarı zamanlı olarak çalışıyorum ve faturam yanlış geldi.",
        "Merhaba, ikinci kişi olarak çalışıyorum ve faturam yanlış geldi.",
        "Dzień dobry, pracuję jako zawsze z domu i od tygodnia nie mam internetu.",
    ],
)
def test_ordinary_phrases_are_no_job(text: str) -> None:
    assert _found((personal.PACK_JOB,), text) == []


def test_a_retirement_word_after_the_job_is_no_part_of_it() -> None:
    text = "Olá, a internet não funciona desde ontem. Sou contadora aposentada e moro sozinha."
    assert set(_found((personal.PACK_JOB,), text)) == {"contadora"}
