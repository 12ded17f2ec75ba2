"""Special categories are reported when said of a person, not in general questions."""

from __future__ import annotations

import pytest

from local_model.detection.detectors.special import SpecialCategoryDetector
from signatures.entities import Label

SPECIAL = SpecialCategoryDetector()


def found(text: str) -> set[tuple[str, Label]]:
    return {(e.text, e.label) for e in SPECIAL.detect(text)}


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("I have diabetes and need a new prescription.", "diabetes", Label.HEALTH),
        ("My son was diagnosed with autism.", "autism", Label.HEALTH),
        ("The patient suffers from chronic kidney disease, stage 3.", "chronic kidney disease", Label.HEALTH),
        ("Maria has asthma.", "asthma", Label.HEALTH),
        ("Mi esposa está embarazada.", "embarazada", Label.HEALTH),
        ("Ma fille est enceinte.", "enceinte", Label.HEALTH),
        ("Mein Vater ist schwanger? Nein, er hat Krebs.", "Krebs", Label.HEALTH),
        ("Mijn moeder heeft suikerziekte.", "suikerziekte", Label.HEALTH),
        # Spanish drops the pronoun: the first-person verb anchors the sentence
        ("No tengo cobertura desde el lunes y tengo diabetes tipo 2.", "diabetes", Label.HEALTH),
        ("El año pasado me diagnosticaron epilepsia, necesito el móvil.", "epilepsia", Label.HEALTH),
        ("Estoy en tratamiento de quimioterapia.", "quimioterapia", Label.HEALTH),
        ("As a Muslim I cannot work on Fridays.", "Muslim", Label.RELIGION),
        ("My brother is gay and lives with his partner.", "gay", Label.SEXUAL_ORIENTATION),
        ("She is a member of the Labour Party.", "the Labour Party", Label.POLITICS),
        # Turkish says "my" with an ending: "iznim", "hesabım" make the text about its writer
        ("Oturma iznim geçen ay bitti, hesabım kapanır mı?", "Oturma iznim", Label.IMMIGRATION_STATUS),
    ],
)
def test_said_of_a_person(text: str, value: str, label: Label) -> None:
    # the span holds the value (the vocabulary may know a longer term: "diabetes tipo 2")
    assert any(value in span and lab == label for span, lab in found(text)), found(text)


@pytest.mark.parametrize(
    "text",
    [
        "What is diabetes? Explain insulin resistance.",
        "The cancer research centre opened a new wing.",
        "Write an essay on the history of Catholic architecture.",
        "Türkiye'de oturma izni nasıl alınır?",
    ],
)
def test_general_text_is_not_flagged(text: str) -> None:
    assert found(text) == set()


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a list phrase that ends in its connector takes the complement after it
        ("O meu cunhado está condenado por furto, mas a conta é minha.", "condenado por furto", Label.CRIMINAL_RECORD),
        # Portuguese typed without accents is read by the Portuguese pack ("nao", "sob"), not as Spanish
        (
            "Boa noite, Estou condenado por conducao sob o efeito do alcool e por isso nao posso sair do pais.",
            "condenado por conducao sob o efeito",
            Label.CRIMINAL_RECORD,
        ),
    ],
)
def test_pack_phrases_take_their_complement(text: str, value: str, label: Label) -> None:
    assert any(value in span and lab == label for span, lab in found(text)), found(text)


def test_a_self_introduction_typed_without_accents_gives_the_writer_gender() -> None:
    # "Soc" for "sóc": the writer is Martina, her partner "la meva xicota"; the control has a man's name
    text = "Soc la Martina i la meva xicota també vol ser cotitular del contracte."
    assert ("la meva xicota", Label.SEXUAL_ORIENTATION) in found(text)
    assert found(text.replace("Martina", "Jordi")) == set()


def test_a_verb_that_starts_like_a_condition_is_no_condition() -> None:
    # "engelliyor" (it blocks) starts like "engelli" (disabled); the control is the condition itself
    assert found("Merhaba, VPN adresimi engelliyor, o benim ev adresim.") == set()
    assert ("engelli", Label.HEALTH) in found("Merhaba, annem engelli ve faturayı ödeyemiyor.")


def test_a_spanish_text_that_ties_with_a_pack_word_gets_no_pack() -> None:
    from local_model.text.lang import rule_pack

    assert rule_pack("Hola, no puedo entrar a mi cuenta desde hoy, ayuda por favor.") is None  # "mi" is Turkish too
    assert rule_pack("Merhaba, faturam iki kez kesildi, yardım eder misiniz?") == "tr"
    # Catalan "hi" ties with English "and": an English text without a pack
    assert rule_pack("Hi, my name is John Smith and my order is late.") is None


@pytest.mark.parametrize(
    ("text", "pack"),
    [
        # no distinctive function word: the frequent words only Italian uses tell
        ("Faccio la dialisi tre volte a settimana, quindi il tecnico deve venire il giovedì.", "it"),
        ("Ho avuto un ictus l'anno scorso e ho difficoltà a usare la tastiera.", "it"),
        # Italian prose around a pasted English log: more English function words, Italian words
        ("Dopo l'aggiornamento il deploy non parte più, tutto fermo:\nport 5432 failed: Connection refused", "it"),
        # Portuguese with the function words it shares with Spanish (o, por, para, se, como)
        ("Boa tarde, é a terceira vez que escrevo por causa disto, o pagamento para o IBAN falhou.", "pt"),
        # no word only Italian uses, but Italian shares the most of them (ho: ca, il: fr, con: es) and greets with ciao
        ("Ciao, ho un problema con il modem.", "it"),
        (
            "Ciao, ho un problema con Spotify Premium Family: il piano costa 17,99 € ma mi hanno addebitato 19,99 €.",
            "it",
        ),
        ("Hola, os escribo porque la factura está mal y nos cobran dos veces este mes.", None),
        ("Hi, the router keeps dropping every evening since the update, please help.", None),
    ],
)
def test_the_pack_of_a_text_with_few_function_words(text: str, pack: str | None) -> None:
    from local_model.text.lang import rule_pack

    assert rule_pack(text) == pack


def test_a_turkish_term_takes_its_case_ending() -> None:
    # the listed term with a locative or possessive ending; a short word does not grow into another
    assert ("şartlı tahliyede", Label.CRIMINAL_RECORD) in found("Merhaba, eniştem şartlı tahliyede ama hesap benim.")
    assert ("şartlı tahliyedeyim", Label.CRIMINAL_RECORD) in found("Merhaba, şartlı tahliyedeyim, faturayı ödeyemem.")
    assert found("Merhaba, gecikme cezası neden bu kadar yüksek? Teşekkürler.") == set()


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a complement inside the complement ("in un processo per appropriazione indebita"), a sentence's length
        (
            "Salve, mia sorella è imputata in un processo per appropriazione indebita.",
            "imputata in un processo per appropriazione indebita",
            Label.CRIMINAL_RECORD,
        ),
        (
            "Buongiorno, sono stato condannato a due anni per furto aggravato, posso aprire un conto?",
            "condannato a due anni per furto aggravato",
            Label.CRIMINAL_RECORD,
        ),
        # a short Italian ticket read as Italian by "di", "voglio"
        ("Salve, ho scontato tre anni di reclusione per rapina, ora voglio una carta.", "reclusione per rapina",
         Label.CRIMINAL_RECORD),
        # a condition's qualifiers before it
        ("Merhaba, yaygın anksiyete bozukluğu nedeniyle randevuma gelemedim.", "yaygın anksiyete bozukluğu",
         Label.HEALTH),
        ("Merhaba, annem ileri evre alzheimer hastası, hesabı ben yönetiyorum.", "ileri evre alzheimer hastası",
         Label.HEALTH),
        # a couple writing in the first person plural is about someone
        ("lezbiyen bir çift olarak otelinizde resepsiyonda kötü muamele gördük.", "lezbiyen",
         Label.SEXUAL_ORIENTATION),
        ("Od 14 miesięcy czekam na decyzję w sprawie karty pobytu, przez co nie mogę podpisać umowy.",
         "karty pobytu", Label.IMMIGRATION_STATUS),
    ],
)  # fmt: skip
def test_pack_terms_in_fresh_wording(text: str, value: str, label: Label) -> None:
    assert any(value in span and lab == label for span, lab in found(text)), found(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the writer signs with a first name alone: after the last sentence, on a line of its own, after a dash
        ("ciao! io e il mio compagno cerchiamo una camera matrimoniale, avete disponibilita? Luca 340 118 2290",
         "il mio compagno"),
        ("Kocamla birlikte aile sağlık paketine kayıt olmak istedik. Bu düzeltilebilir mi? -- Emre", "Kocamla"),
        ("reservei quarto de casal pra mim e minha namorada e a recepção insistiu em duas camas. péssimo. Beatriz",
         "minha namorada"),
        ("Wzięliśmy ślub w Hiszpanii z moim mężem Carlosem – czy mogę zmienić nazwisko w banku?\nKrzysztof",
         "moim mężem"),
    ],
)  # fmt: skip
def test_a_same_sex_partner_with_a_one_word_signature(text: str, value: str) -> None:
    assert (value, Label.SEXUAL_ORIENTATION) in found(text), found(text)
    # the same words signed by a writer of the other gender say nothing of orientation
    other = {"Luca": "Giulia", "Emre": "Ayşe", "Beatriz": "Rafael", "Krzysztof": "Agnieszka"}
    name = next(n for n in other if text.rstrip().endswith(n) or f"{n} " in text.split("?")[-1])
    assert (value, Label.SEXUAL_ORIENTATION) not in found(text.replace(name, other[name]))


def test_a_verb_is_no_condition_and_no_name() -> None:
    # "veremiyoruz" (we cannot give) starts like "verem" (tuberculosis); "yönetiyorum" after "ben" is a verb
    assert found("Merhaba, eczane olarak sipariş veremiyoruz, stok yok.") == set()
    # the verb after a Turkish term is part of the fact it states ("veremi var": he has tuberculosis)
    assert ("veremi var", Label.HEALTH) in found("Merhaba, babamın veremi var, faturayı ben ödüyorum.")


def test_a_complement_ends_before_the_writers_next_verb() -> None:
    # the union's chair, its place; "proszę o udostępnienie sali" is the request, no part of the fact
    spans = found("Jako przewodnicząca związku zawodowego w zakładzie proszę o udostępnienie sali.")
    assert ("przewodnicząca związku zawodowego w zakładzie", Label.POLITICS) in spans, spans


def test_a_members_word_before_a_party_and_its_name_after() -> None:
    spans = found("Byłem członkiem Konfederacji do zeszłego roku, a nadal dostaję od was maile.")
    assert any("członkiem Konfederacji" in span and lab == Label.POLITICS for span, lab in spans), spans


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # the verb before a term, back to a conjunction: what the writer says of themself
        (
            "Olá, queria suspender a minha inscrição no ginásio uns meses pq tou grávida de 14 semanas e a médica "
            "disse para evitar as aulas.",
            "tou grávida de 14 semanas",
            Label.HEALTH,
        ),
        (
            "La banca dice che il mio permesso di soggiorno è scaduto.",
            "il mio permesso di soggiorno è scaduto",
            Label.IMMIGRATION_STATUS,
        ),
        # back to a name: the subject is no part of the fact
        (
            "Pani Mecenas, mój brat Giorgi wczoraj dostał decyzję o zobowiązaniu do powrotu.",
            "wczoraj dostał decyzję o zobowiązaniu do powrotu",
            Label.IMMIGRATION_STATUS,
        ),
        # a Turkish term's verb after it
        (
            "Eşim için yazıyorum. Aile ikamet izni başvurusu reddedildi, ne yapmalıyız?",
            "ikamet izni başvurusu reddedildi",
            Label.IMMIGRATION_STATUS,
        ),
        # a qualifier after the term, to a conjunction
        ("La meva mare té demència avançada i va en cadira de rodes.", "té demència avançada", Label.HEALTH),
        # an ordinal written with digits is a word of the clause, no code
        (
            "Ciao, volo Ryanair il 28/6, sono alla 30esima settimana di gravidanza (gemelli).",
            "sono alla 30esima settimana di gravidanza",
            Label.HEALTH,
        ),
        # Polish "ma" (has) opens no clause; Italian "ma" (but) does
        (
            "Sytuacja jest taka, że mama ma zaawansowanego alzheimera, mieszka ze mną.",
            "ma zaawansowanego alzheimera",
            Label.HEALTH,
        ),
        # a term of the core lists in a pack's text takes its clause too
        (
            "Ho un disturbo bipolare e sono in terapia con il litio: ogni tanto devo fare gli esami.",
            "sono in terapia con il litio",
            Label.HEALTH,
        ),
    ],
)
def test_a_pack_phrase_takes_the_rest_of_a_short_clause(text: str, value: str, label: Label) -> None:
    assert any(value in span and lab == label for span, lab in found(text)), found(text)


@pytest.mark.parametrize(
    ("text", "outside"),
    [
        ("Mąż ma padaczkę, bierze depakinę i znowu miał atak.", "Mąż"),  # a relative is the subject
        ("Merhaba, annem engelli ve faturayı ödeyemiyor.", "annem"),  # with a Turkish possessive ending
        ("Merhaba, kardeşim Onur kalp krizi geçirdi, ziyaret saatlerini öğrenebilir miyim?", "Onur"),  # a name
        # too far back: the clause's start is five words before the term
        ("Desde o acidente de mota no ano passado ando de cadeira de rodas e preciso de ajuda.", "Desde"),
        # after the term, a capitalised word is no qualifier
        ("Tenho diabetes tipo 1 Pedro Santos", "Pedro"),
        # a phone's or an id's digits, a handle: no part of the fact, and masked with their own label
        ("Olá, tenho VIH contacto 912 345 678 para a consulta.", "912"),
        ("Dzień dobry, siedziałem w więzieniu pesel 85010112345 i szukam pracy.", "85010112345"),
        ("Olá, sou bi @marco_b88 aqui no fórum.", "marco_b88"),
        # a model's code is a thing's name
        ("Mia madre usa il microinfusore Medtronic MiniMed 780G per il diabete di tipo 1.", "780G"),
        # a short English text is no pack's: a core term does not grow over the writer's name
        ("hi i am belal a gp doctor, i need help", "belal"),
    ],
)
def test_a_clause_grows_over_no_relative_no_name_and_no_long_stretch(text: str, outside: str) -> None:
    spans = found(text)
    assert spans and not any(outside in span for span, _ in spans), spans


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Olá a todos. Sou seropositivo há 6 anos, não tenho vergonha, e tomo Biktarvy todos os dias. "
            "Vou trabalhar para fora.",
            "tomo Biktarvy todos os dias",
        ),
        ("Psychiatra zmienił mi leki i na razie jestem na sertralinie.", "sertralinie"),  # a case ending
        ("Oğlum için yazıyorum, çocuk psikiyatristi Concerta başladı.", "Concerta başladı"),
    ],
)
def test_a_medicine_in_a_pack_language(text: str, value: str) -> None:
    assert any(value in span and lab == Label.HEALTH for span, lab in found(text)), found(text)


def test_a_medicine_in_a_text_about_no_one_stays() -> None:
    assert found("A farmácia vende Biktarvy e Concerta com receita.") == set()


def test_a_packs_frequent_word_is_no_medicine() -> None:
    # "calcio" (football) and "parabéns" (congratulations) are also in the medicine dictionary
    spans = found("Mio figlio gioca a calcio e prende il metadone al SerD, sono preoccupata.")
    assert not any("calcio" in span for span, _ in spans), spans
    spans = found("Olá, o meu filho tem diabetes e toma insulina todos os dias. Parabéns pela app.")
    assert not any("Parabéns" in span for span, _ in spans) and any("insulina" in s for s, _ in spans), spans
