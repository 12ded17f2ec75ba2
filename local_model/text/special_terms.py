"""Vocabulary of the special categories (GDPR art. 9): what a sentence about a person may reveal.

Grouped by what the words say, in English and Spanish (French, German and Dutch where cheap):

* health: conditions; treatments and medicines that name a condition by what they treat
  (``chemo``, ``antiretrovirals``, ``dialysis``); clinicians whose speciality does
  (``my oncologist``, ``mi psiquiatra``); disability (``registered blind``, ``wheelchair user``);
  addiction support (``AA sponsor``, ``Alcohólicos Anónimos``);
* religion: affiliations; places of worship (``mosque``, ``sinagoga``); practices, festivals and
  clergy (``during Ramadan``, ``voy a misa``, ``my rabbi``);
* sexual orientation and gender identity: the words, and same-sex partners (inferred by the
  detector from a self-introduced name and a partner word, see
  :mod:`local_model.detection.detectors.special`);
* politics: cue phrases live in the detector.

The lists below are curated for support tickets and are deliberately broad: a term is only
reported when its sentence is about a person (the detector's anchors), so "what is diabetes?"
stays.  They are joined with the per-language vocabulary the tagger's training data is drawn from
(:mod:`local_model.text.special_vocab`), leading articles removed, so detector and tagger share one
vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from local_model.text import special_vocab as sv
from local_model.text.textnorm import fold

_ARTICLE = re.compile(r"(?i)^(?:a|an|the|un|una|el|la|los|las|le|les|l'|der|die|das|de|het|een)\s+")


def flatten(*tables: Mapping[str, tuple[str, ...]], extra: Iterable[str] = ()) -> tuple[str, ...]:
    """Every term of ``tables`` in every language, lower case, leading article removed, deduplicated."""
    out: dict[str, None] = {}
    for table in tables:
        for terms in table.values():
            for term in terms:
                out.setdefault(_ARTICLE.sub("", term).lower(), None)
    for term in extra:
        out.setdefault(term.lower(), None)
    return tuple(t for t in out if t)


#: party names and labels that are also ordinary words (or too short to be safe alone)
_AMBIGUOUS_POLITICS = frozenset(
    {"links", "rechts", "labour", "renaissance", "junts", "sumar", "morena", "podemos", "ciudadanos", "greens"}
)


def _distinctive(term: str) -> bool:
    """A party or political label that cannot be an ordinary word ("links", "PP" can)."""
    return " " in term or (len(term) >= 4 and term not in _AMBIGUOUS_POLITICS)


HEALTH_CONDITIONS = (
    # en
    "diabetes", "diabetic", "cancer", "tumour", "tumor", "leukemia", "leukaemia", "lymphoma",
    "melanoma", "asthma", "hiv", "aids", "hepatitis", "tuberculosis", "epilepsy", "epileptic",
    "dementia", "alzheimer's", "alzheimer", "parkinson's", "parkinson", "multiple sclerosis",
    "depression", "depressed", "anxiety disorder", "panic attacks", "bipolar", "schizophrenia",
    "schizophrenic", "ptsd", "ocd", "adhd", "autism", "autistic", "asperger's", "anorexia",
    "bulimia", "eating disorder", "hypertension", "high blood pressure", "heart attack", "stroke",
    "heart failure", "heart condition", "arthritis", "rheumatoid arthritis", "crohn's",
    "crohn's disease", "colitis", "celiac", "coeliac", "migraine", "migraines", "fibromyalgia",
    "lupus", "cystic fibrosis", "kidney failure", "renal failure", "copd", "emphysema",
    "infertility", "infertile", "pregnant", "pregnancy", "miscarriage", "abortion", "syphilis",
    "chlamydia", "herpes", "gonorrhoea", "covid-19", "long covid", "addiction", "alcoholic",
    "alcoholism", "overdose", "suicidal", "self-harm", "insomnia", "sleep apnoea", "sleep apnea",
    "chronic fatigue", "endometriosis", "psoriasis", "glaucoma", "cataracts", "hearing loss",
    "hiv-positive", "hiv positive", "terminal illness", "cerebral palsy",
    "down syndrome", "dyslexia", "mental health", "mental illness", "burnout",
    # es
    "diabético", "diabética", "cáncer", "tumor", "leucemia", "linfoma", "embarazada", "embarazo",
    "depresión", "ansiedad", "esquizofrenia", "autismo", "demencia", "enfermedad", "discapacidad",
    "sida", "epilepsia", "asma", "vih", "seropositivo", "seropositiva", "hipertensión",
    "tensión alta", "artritis", "artritis reumatoide", "párkinson", "alzhéimer", "ictus", "infarto",
    "migraña", "migrañas", "celíaco", "celíaca", "celiaquía", "fibromialgia", "lupus",
    "insuficiencia renal", "insuficiencia cardiaca", "esclerosis múltiple", "crohn",
    "enfermedad de crohn", "colitis", "epoc", "hepatitis", "tuberculosis", "bulimia", "anorexia",
    "trastorno bipolar", "trastorno alimentario", "infertilidad", "aborto", "adicción",
    "alcoholismo", "alcohólico", "alcohólica", "insomnio", "apnea del sueño", "endometriosis",
    "psoriasis", "glaucoma", "cataratas", "sordera", "parálisis cerebral", "síndrome de down",
    "dislexia", "salud mental", "baja por depresión", "cardiopatía",
    # fr / de / nl
    "diabète", "diabétique", "enceinte", "grossesse", "dépression", "maladie", "handicap",
    "handicapé", "handicapée", "cancer du sein", "zuckerkrankheit", "krebs", "schwanger",
    "schwangerschaft", "depressionen", "behinderung", "behindert", "krankheit", "demenz",
    "suikerziekte", "kanker", "zwanger", "zwangerschap", "depressie", "ziekte", "gehandicapt",
    "dementie",
)  # fmt: skip

HEALTH_TREATMENTS = (
    # en
    "chemo", "chemotherapy", "radiotherapy", "radiation therapy", "dialysis", "insulin",
    "antiretrovirals", "antiretroviral", "antiretroviral therapy", "antidepressants",
    "antidepressant", "antipsychotics", "sertraline", "fluoxetine", "methadone",
    "buprenorphine", "rehab", "detox", "ivf", "fertility treatment", "transplant",
    "kidney transplant", "chemotherapy session", "surgery", "physiotherapy",
    "psychotherapy", "therapy sessions", "inhaler", "epipen", "hearing aid", "hearing aids",
    "prosthesis", "pacemaker", "colostomy", "stoma", "oxygen at home", "home oxygen",
    "hospice", "palliative care", "sick leave",
    # es
    "quimio", "quimioterapia", "radioterapia", "diálisis", "insulina", "antirretrovirales",
    "antirretroviral", "tratamiento antirretroviral", "antidepresivos", "antidepresivo",
    "antipsicóticos", "metadona", "rehabilitación", "desintoxicación", "fecundación in vitro",
    "fiv", "trasplante", "trasplante de riñón", "cirugía", "fisioterapia",
    "psicoterapia", "terapia", "inhalador", "audífono", "audífonos", "prótesis", "marcapasos",
    "colostomía", "oxígeno en casa", "cuidados paliativos", "baja médica",
    # fr / de / nl
    "chimio", "chimiothérapie", "dialyse", "chemotherapie", "chemo-therapie",
)  # fmt: skip

HEALTH_CLINICIANS = (
    # en
    "oncologist", "psychiatrist", "psychologist", "therapist", "counsellor", "counselor",
    "cardiologist", "neurologist", "endocrinologist", "rheumatologist", "nephrologist",
    "gynaecologist", "gynecologist", "obstetrician", "urologist", "haematologist", "hematologist",
    "gastroenterologist", "pulmonologist", "hepatologist", "midwife", "palliative nurse",
    "diabetes nurse", "mental health nurse", "addiction counsellor", "sex therapist",
    "fertility clinic", "oncology", "psychiatric ward", "mental health team",
    # es
    "oncólogo", "oncóloga", "psiquiatra", "psicólogo", "psicóloga", "terapeuta", "cardiólogo",
    "cardióloga", "neurólogo", "neuróloga", "endocrino", "endocrina", "reumatólogo", "reumatóloga",
    "nefrólogo", "nefróloga", "ginecólogo", "ginecóloga", "urólogo", "uróloga", "hematólogo",
    "hematóloga", "matrona", "oncología", "unidad de psiquiatría", "clínica de fertilidad",
    # fr / de / nl
    "oncologue", "psychiatre", "psychologue", "onkologe", "onkologin", "psychiater", "psychiaterin",
    "oncoloog", "psychiater",
)  # fmt: skip

HEALTH_DISABILITY = (
    "registered blind", "partially sighted", "visually impaired", "deaf", "hard of hearing",
    "wheelchair", "wheelchair user", "in a wheelchair", "mobility scooter", "guide dog",
    "learning disability", "disability", "blue badge",
    "ciego", "ciega", "invidente", "discapacidad visual", "sordo", "sorda", "silla de ruedas",
    "perro guía", "movilidad reducida", "discapacitado", "discapacitada", "grado de discapacidad",
)  # fmt: skip

HEALTH_ADDICTION = (
    "aa sponsor", "aa meeting", "aa meetings", "alcoholics anonymous", "narcotics anonymous",
    "na meeting", "twelve-step", "12-step", "in recovery",
    "alcohólicos anónimos", "narcóticos anónimos", "padrino de aa", "reunión de aa", "desintoxicación",
)  # fmt: skip

HEALTH_TERMS = flatten(
    sv.HEALTH_CONDITIONS,
    sv.HEALTH_TREATMENTS,
    sv.HEALTH_SPECIALISTS,
    extra=(*HEALTH_CONDITIONS, *HEALTH_TREATMENTS, *HEALTH_CLINICIANS, *HEALTH_DISABILITY, *HEALTH_ADDICTION),
)

RELIGION_AFFILIATIONS = (
    "muslim", "christian", "catholic", "protestant", "jewish", "jew", "hindu", "buddhist",
    "sikh", "atheist", "agnostic", "mormon", "jehovah's witness", "evangelical", "orthodox jew",
    "musulmán", "musulmana", "católico", "católica", "judío", "judía", "ateo", "atea", "evangélico",
    "evangélica", "testigo de jehová", "budista", "hindú", "sij",
    "musulman", "musulmane", "catholique", "juif", "juive", "athée", "protestant",
    "muslimisch", "moslem", "katholisch", "jüdisch", "evangelisch", "moslim", "katholiek",
    "joods", "christen", "hindoe", "boeddhist",
)  # fmt: skip

RELIGION_PRACTICE = (
    # places
    "mosque", "synagogue", "church", "gurdwara", "kingdom hall",
    "mezquita", "sinagoga", "iglesia", "templo", "parroquia", "salón del reino",
    "mosquée", "synagogue", "église", "moschee", "synagoge", "kirche", "moskee", "kerk",
    # festivals, practices, clergy
    "ramadan", "ramadán", "eid", "iftar", "shabbat", "sabbath", "yom kippur", "passover", "rosh hashanah",
    "lent", "diwali", "friday prayers", "sunday mass", "confession", "prayer group",
    "bible study", "halal", "kosher", "imam", "rabbi", "priest", "pastor", "vicar",
    "misa", "voy a misa", "cuaresma", "semana santa", "oración", "rezar", "rezo", "catequesis",
    "imán", "rabino", "párroco", "sacerdote", "shabat", "pésaj", "janucá",
)  # fmt: skip

RELIGION_TERMS = flatten(sv.RELIGION_TERMS, extra=(*RELIGION_AFFILIATIONS, *RELIGION_PRACTICE))

_ORIENTATION = (
    "gay", "lesbian", "bisexual", "homosexual", "heterosexual", "queer", "pansexual", "asexual",
    "transgender", "trans woman", "trans man", "non-binary", "nonbinary", "lgbt", "lgbtq",
    "coming out", "came out", "my girlfriend and i", "homosexuel", "homosexuelle",
    "lesbienne", "bisexuel", "bisexuelle", "homosexuell", "lesbisch", "schwul", "bisexuell",
    "homoseksueel", "biseksueel", "lesbiana", "gai", "transexual", "transgénero", "no binario",
    "salir del armario", "hombre trans", "mujer trans", "persona trans", "soy trans",
)  # fmt: skip

ORIENTATION_TERMS = flatten(sv.ORIENTATION_TERMS, extra=_ORIENTATION)
POLITICS_TERMS = tuple(t for t in flatten(sv.POLITICAL_PARTIES, sv.POLITICAL_TERMS) if _distinctive(t))

#: partner words and the gender they carry: with a self-introduced name they may reveal orientation
PARTNER_WORDS = {
    "husband": "male", "boyfriend": "male", "fiance": "male", "marido": "male", "esposo": "male",
    "novio": "male", "prometido": "male", "mari": "male", "copain": "male", "ehemann": "male",
    "freund": "male", "echtgenoot": "male", "vriend": "male",
    "wife": "female", "girlfriend": "female", "fiancee": "female", "mujer": "female", "esposa": "female",
    "novia": "female", "prometida": "female", "femme": "female", "copine": "female", "ehefrau": "female",
    "freundin": "female", "echtgenote": "female", "vriendin": "female",
}  # fmt: skip


@lru_cache(maxsize=1)
def special_words() -> frozenset[str]:
    """Every word of 4+ letters of the special-category vocabulary, folded (a model's special span
    must name one of them)."""
    out: set[str] = set()
    for term in (*HEALTH_TERMS, *RELIGION_TERMS, *ORIENTATION_TERMS):  # party names hold places ("Más Madrid")
        out.update(fold(w) for w in re.findall(r"[^\W\d_]{4,}", term))
    return frozenset(out)
