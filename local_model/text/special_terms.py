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
from local_model.text.lexicon import alternation
from local_model.text.textnorm import fold
from local_model.text.words import zipf

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
    "fiv", "fertilidad", "reproducción asistida", "reproduccion asistida",
    "trasplante", "trasplante de riñón", "cirugía", "fisioterapia",
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

#: the everyday health vocabulary of tickets and records beyond named conditions: symptoms,
#: procedures and tests, specialities and departments, devices and aids, pregnancy, injuries
HEALTH_EVERYDAY = (
    # en: symptoms and states
    "chest pain", "back pain", "lower back pain", "neck pain", "ear pain", "stomach pain",
    "abdominal pain", "joint pain", "chronic pain", "breathlessness", "shortness of breath",
    "productive cough", "persistent cough", "fever", "high temperature", "seizure", "seizures",
    "blackouts", "dizzy spells", "vertigo", "tinnitus", "hot flushes", "hot flashes",
    "brain fog", "low mood", "panic attack", "panic attacks", "anxiety", "stress-related illness",
    "trouble sleeping", "nightmares", "flashbacks", "suicidal ideation", "suicidal thoughts",
    "self harm", "eating problems", "weight loss", "incontinence", "bladder problems",
    "pins and needles", "numbness", "tremor", "tics", "stammer", "stutter", "speech delay",
    "poor eyesight", "sight loss", "hearing problems", "deaf in one ear", "snoring",
    "rash", "hives", "eczema", "dermatitis", "acne", "hay fever", "allergy", "allergies",
    "egg allergy", "nut allergy", "peanut allergy", "penicillin allergy", "lactose intolerant",
    "lactose intolerance", "gluten free", "gluten intolerance", "food allergy", "anaphylaxis",
    "flu", "pneumonia", "bronchopneumonia", "bronchitis", "chest infection", "uti",
    "urinary tract infection", "kidney stones", "gallstones", "appendicitis", "hernia",
    "gout", "fatty liver", "cirrhosis", "anaemia", "anemia", "thyroid", "hypothyroidism",
    "hyperthyroidism", "osteoporosis", "scoliosis", "sciatica", "slipped disc", "whiplash",
    "concussion", "fracture", "fractured", "broken leg", "broken arm", "broken wrist",
    "broken hip", "sprained ankle", "torn ligament", "atrial fibrillation", "angina",
    "arrhythmia", "heart murmur", "high cholesterol", "cholesterol", "obesity", "polyps",
    "overbite", "tooth decay", "abscess", "otitis media", "ear infection", "tonsillitis",
    "glandular fever", "shingles", "measles", "chickenpox", "mumps", "covid", "post-natal depression",
    "postnatal depression", "postpartum depression", "bereavement counselling",
    "menopause", "perimenopause", "miscarried", "stillbirth", "premature", "preterm",
    "in labour", "went into labour", "weeks pregnant", "expecting a baby", "due date", "maternity leave",
    "ivf treatment", "terminally ill", "terminal cancer", "life-limiting", "disabled", "paralysed",
    "paraplegic", "quadriplegic", "amputee", "autistic spectrum", "learning difficulties",
    "special needs", "sendco", "iep", "ehcp", "dyspraxia", "dyscalculia", "non-smoker",
    "ex-smoker", "smoker", "heavy drinker", "units per week", "sober", "relapse",
    # en: procedures, tests, treatment
    "biopsy", "skin biopsy", "colonoscopy", "endoscopy", "mammogram", "smear test", "pap smear",
    "ultrasound", "mri", "mri scan", "ct scan", "x-ray", "blood test", "blood tests",
    "blood work", "ecg", "genotype test", "tb test", "covid test", "antenatal scan", "dating scan",
    "knee replacement", "hip replacement", "c-section", "caesarean",
    "appendectomy", "hysterectomy", "mastectomy", "vasectomy", "tonsils out", "stitches",
    "sedation", "anaesthetic", "general anaesthetic", "physio", "occupational therapy",
    "speech therapy", "speech and language therapy", "counselling", "cbt", "rehabilitation",
    "phototherapy", "radiation", "immunotherapy", "infusion", "injections", "vaccination",
    "vaccine", "prescription", "repeat prescription", "medication",
    "sleeping tablets", "painkillers", "antibiotics", "steroids", "inhalers", "puffer",
    "blood thinners", "contraceptive pill", "the pill", "morning-after pill", "hrt",
    "fit note", "sick note", "ill health retirement", "discharge letter", "discharge summary",
    # en: specialities, clinics, devices
    "dermatology", "cardiology", "neurology", "orthopaedics", "orthopedics", "paediatrics",
    "pediatrics", "gastro", "gastroenterology", "urology", "gynaecology", "gynecology",
    "maternity ward", "antenatal clinic", "anticoagulation clinic", "a&e", "icu", "nicu",
    "intensive care", "oncology ward", "mental health unit", "rehab centre", "care home",
    "nursing home", "hospice care", "paediatrician", "pediatrician", "dermatologist",
    "orthopaedic surgeon", "orthopedic surgeon", "surgeon", "orthodontist", "dentist",
    "gp", "physiotherapist", "occupational therapist", "speech therapist", "dietitian",
    "podiatrist", "optician", "audiologist", "district nurse", "health visitor",
    "carer", "braces", "dentures", "hearing aid", "contact lenses",
    "insulin pump", "glucose monitor", "glucose sensor", "libre sensor", "cgm", "nebuliser",
    "nebulizer", "cpap", "cpap machine", "oxygen concentrator", "oxygen tank", "home oxygen",
    "walking frame", "crutches", "stairlift", "personal alarm", "catheter",
    "feeding tube", "stoma bag", "epipens", "blister packs", "dosette box",
    # es: síntomas y estados
    "dolor de pecho", "dolor torácico", "dolor de espalda", "dolor lumbar", "lumbalgia",
    "dolor de cabeza", "dolor de oído", "dolor de muelas", "dolor abdominal", "fiebre",
    "mareos", "vértigo", "acúfenos", "convulsiones", "crisis epilépticas",
    "ataques de pánico", "ataque de ansiedad", "ansiedad", "estrés", "insomnio", "pesadillas",
    "ideas suicidas", "autolesiones", "incontinencia", "temblores", "tartamudez",
    "alergia", "alergias", "alergia al huevo", "alergia a los frutos secos", "alérgico", "alérgica",
    "intolerancia a la lactosa", "intolerante a la lactosa", "celiaco", "sin gluten", "dermatitis",
    "eccema", "urticaria", "gripe", "neumonía", "bronquitis", "infección de orina", "cistitis",
    "cálculos renales", "piedras en el riñón", "apendicitis", "hernia", "hernia discal",
    "hígado graso", "cirrosis", "anemia", "tiroides", "hipotiroidismo", "hipertiroidismo",
    "osteoporosis", "escoliosis", "ciática", "esguince", "esguince de tobillo", "fractura",
    "fractura de cadera", "fractura de clavícula", "rotura de menisco", "menisco", "latigazo cervical",
    "fibrilación auricular", "arritmia", "angina de pecho", "colesterol", "colesterol alto",
    "obesidad", "caries", "otitis", "amigdalitis", "varicela", "sarampión", "herpes zóster",
    "covid", "depresión posparto", "menopausia", "aborto espontáneo", "prematuro",
    "prematura", "de parto", "semanas de embarazo", "baja por maternidad", "baja maternal",
    "enfermo terminal", "enferma terminal", "grado de dependencia", "ley de dependencia",
    "incapacidad permanente", "incapacidad temporal", "minusvalía", "tetrapléjico",
    "tetrapléjica", "parapléjico", "parapléjica", "amputado", "amputada", "tdah",
    "trastorno del espectro autista", "necesidades especiales", "hipoacusia", "sordera", "ceguera",
    "cataratas", "degeneración macular", "demencia", "alzheimer", "deterioro cognitivo", "fumador",
    "fumadora", "exfumador", "recaída",
    # es: pruebas, tratamientos, especialidades, aparatos
    "biopsia", "colonoscopia", "endoscopia", "mamografía", "citología", "ecografía",
    "resonancia", "resonancia magnética", "radiografía", "analítica", "análisis de sangre",
    "electrocardiograma", "operado", "operada", "cesárea",
    "prótesis de rodilla", "prótesis de cadera", "escayola", "anestesia", "sedación",
    "fisio", "logopeda", "logopedia", "terapia ocupacional", "rehabilitación", "quimio",
    "inyecciones", "vacuna", "medicación", "medicamentos", "pastillas", "antibióticos",
    "corticoides", "anticoagulantes", "sintrom", "pastillas para dormir", "píldora",
    "píldora del día después", "anticonceptivos", "tratamiento de fertilidad", "reproducción asistida",
    "informe de alta", "informe médico", "parte de baja", "traumatología", "traumatólogo",
    "traumatóloga", "pediatra", "pediatría", "dermatólogo", "dermatóloga", "dermatología",
    "oftalmólogo", "oftalmóloga", "oftalmología", "otorrino", "digestivo", "neumólogo", "neumóloga",
    "cardiología", "neurología", "ginecología", "urología", "urgencias", "uci", "neonatos",
    "la neo", "oncología pediátrica", "planta de oncología", "residencia de mayores",
    "centro de día", "ortodoncia", "ortodoncista", "dentista", "brackets", "muela", "empaste",
    "enfermera", "médico de cabecera", "cirujano", "cirujana", "fisioterapeuta", "podólogo",
    "óptico", "audífono", "gafas", "bomba de insulina", "glucómetro", "sensor de glucosa",
    "sensores de glucosa", "tiras reactivas", "nebulizador", "cpap", "oxígeno domiciliario",
    "concentrador de oxígeno", "bombona de oxígeno", "andador", "muletas", "silla de ruedas",
    "salvaescaleras", "teleasistencia", "sonda", "pañales para adultos", "pastillero",
    # fr / de / nl: the most frequent
    "allergie", "allergique", "asthme", "fauteuil roulant", "kiné", "kinésithérapeute",
    "ordonnance", "arrêt maladie", "hospitalisé", "hospitalisée", "opéré", "opérée",
    "allergie", "allergisch", "asthma", "rollstuhl", "krankschreibung", "krankgeschrieben",
    "operiert", "physiotherapie", "bandscheibenvorfall", "herzinfarkt", "schlaganfall",
    "allergie", "allergisch", "astma", "rolstoel", "ziekgemeld", "ziekteverlof", "fysiotherapie",
    "geopereerd", "hartaanval", "beroerte", "hernia",
)  # fmt: skip

HEALTH_TERMS = flatten(
    sv.HEALTH_CONDITIONS,
    sv.HEALTH_TREATMENTS,
    sv.HEALTH_SPECIALISTS,
    extra=(
        *HEALTH_CONDITIONS,
        *HEALTH_TREATMENTS,
        *HEALTH_CLINICIANS,
        *HEALTH_DISABILITY,
        *HEALTH_ADDICTION,
        *HEALTH_EVERYDAY,
    ),
)

#: words that make a health term more precise and belong to it: severity, course, side, place of
#: care ("severe overbite", "acute otitis media", "home dialysis"), the body part a condition is
#: of ("hip fracture", "stomach pain"), and, after it, what kind of care or aid it is ("ACL
#: reconstruction", "wheelchair user", "GDM screen").  The detector grows a health term over them.
#: body parts (en, es): with a symptom word they name a condition ("lower back pain", "chest
#: bruising", "dolor de rodilla")
BODY_PARTS = frozenset((
    "hip", "knee", "back", "neck", "chest", "stomach", "abdominal", "shoulder", "ankle", "wrist", "elbow",
    "heart", "lung", "kidney", "liver", "eye", "ear", "skin", "spine", "brain", "bone", "bowel", "bladder",
    "breast", "prostate", "tooth", "teeth", "jaw", "foot", "feet", "leg", "arm", "hand", "head", "throat",
    "thyroid", "toe", "toes", "finger", "fingers", "hamstring", "groin", "pelvic", "rib", "ribs", "sternum",
    "espalda", "rodilla", "cadera", "pierna", "brazo", "mano", "pie", "cabeza", "corazón", "corazon", "pulmón",
    "pulmon", "riñón", "rinon", "hígado", "higado", "ojo", "ojos", "oído", "oido", "piel", "columna", "hombro",
    "tobillo", "muñeca", "cuello", "pecho", "estómago", "estomago", "vejiga", "próstata", "prostata", "tiroides",
    "muela", "muelas", "diente", "dientes", "garganta", "barriga", "tripa", "lumbar", "cervical", "costilla",
))  # fmt: skip
#: what a body part has when something is wrong with it
SYMPTOM_WORDS = frozenset((
    "pain", "pains", "ache", "aches", "bruising", "swelling", "injury", "fracture", "infection", "rash",
    "cramp", "cramps", "bleeding", "numbness", "problems", "problem", "condition", "surgery", "operation",
    "dolor", "dolores", "lesión", "lesion", "fractura", "infección", "infeccion", "hinchazón", "operación",
))  # fmt: skip
HEALTH_MODIFIERS = frozenset((
    "severe", "acute", "chronic", "mild", "moderate", "serious", "fractured", "broken", "sprained", "torn",
    "slipped", "ruptured", "herniated", "recurrent", "persistent", "bilateral", "congenital", "terminal",
    "metastatic", "advanced", "early-onset", "late-onset", "gestational", "postnatal", "post-natal",
    "postpartum", "juvenile", "emergency", "home", "residential", "memory", "palliative", "intensive",
    "lower", "upper", "left", "right", "increasing", "worsening", "ongoing", "constant", "repeated",
    "hip", "knee", "back", "neck", "chest", "stomach", "abdominal", "shoulder", "ankle", "wrist", "elbow",
    "heart", "lung", "kidney", "renal", "liver", "eye", "ear", "skin", "spine", "spinal", "brain", "bone",
    "bowel", "bladder", "breast", "prostate", "cervical", "dental", "tooth", "jaw", "foot", "leg", "arm",
    "hand", "head", "throat", "thyroid", "blood", "mental", "eating", "sleep", "panic", "anxiety",
    "grave", "severa", "severo", "leve", "aguda", "agudo", "crónica", "crónico", "cronica", "cronico",
    "fuerte", "alta", "alto", "intensa", "intenso", "domiciliario", "domiciliaria", "permanente",
    "absoluta", "total", "parcial", "tipo",
    "espalda", "rodilla", "cadera", "pierna", "brazo", "mano", "pie", "cabeza", "corazón", "corazon",
    "pulmón", "pulmon", "riñón", "riñon", "rinon", "hígado", "higado", "ojo", "ojos", "oído", "oido", "piel",
    "columna", "hombro", "tobillo", "muñeca", "cuello", "pecho", "estómago", "estomago", "vejiga", "mama",
    "próstata", "prostata", "tiroides", "sangre", "mental", "cardiaca", "cardíaca", "renal", "pulmonar",
))  # fmt: skip
HEALTH_HEADS = frozenset((
    "pain", "pains", "fracture", "fractures", "surgery", "operation", "reconstruction", "replacement",
    "disease", "disorder", "syndrome", "condition", "infection", "injury", "injuries", "screen", "screening",
    "test", "scan", "user", "holder", "therapy", "treatment", "transplant", "rehab", "attack", "attacks",
    "failure", "support", "clinic", "appointment", "appointments", "medication", "episode", "episodes",
    "dolor", "fractura", "cirugía", "cirugia", "operación", "operacion", "tratamiento", "enfermedad",
    "síndrome", "sindrome", "trastorno", "infección", "infeccion", "lesión", "lesion", "terapia",
    "rehabilitación", "rehabilitacion", "trasplante", "prueba", "revisión", "revision", "ingreso",
))  # fmt: skip

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
    "eid al-fitr", "eid al-adha", "eid ul-fitr", "eid ul-adha", "taraweeh", "tarawih", "peregrinación",
    "pilgrimage", "hajj", "umrah", "primera comunión", "first communion", "bar mitzvah", "bat mitzvah",
    "confirmación", "bautizo", "baptism", "christening",
)  # fmt: skip
#: places of worship: the name that follows is the congregation ("parroquia de San Lorenzo",
#: "St Patrick's parish" is caught by the term, "iglesia de Santa María")
RELIGION_PLACES = frozenset({
    "mosque", "synagogue", "church", "gurdwara", "parish", "temple", "chapel", "cathedral",
    "mezquita", "sinagoga", "iglesia", "templo", "parroquia", "capilla", "catedral", "ermita", "santuario",
    "mosquée", "église", "moschee", "synagoge", "kirche", "moskee", "kerk",
})  # fmt: skip

#: racial or ethnic origin (GDPR art. 9): words that name a people or a community
ETHNICITY_TERMS = (
    "gitano", "gitana", "gitanos", "gitanas", "romaní", "romani", "roma community", "roma family", "sinti",
    "gypsy", "gypsies",
    "irish traveller", "traveller community", "quechua", "aymara", "mapuche", "guaraní", "wayuu",
    "indígena", "indigena", "indígenas", "afrodescendiente", "afrodescendientes", "afroamericano",
    "afroamericana", "african american", "african-american", "afro-caribbean", "aboriginal",
    "torres strait islander", "first nations", "inuit", "métis", "maori", "māori", "amazigh", "bereber",
    "mestizo", "mestiza", "mulato", "mulata", "hispanic", "romanichal",
)  # fmt: skip
#: colour words that say ethnicity only when said of someone ("we're Black", "a white male")
ETHNICITY_COLOURS = ("black", "white", "brown", "asian", "mixed race", "mixed-race", "negro", "negra", "blanco",
                     "latino", "latina", "roma")  # fmt: skip

RELIGION_TERMS = flatten(sv.RELIGION_TERMS, extra=(*RELIGION_AFFILIATIONS, *RELIGION_PRACTICE))

_ORIENTATION = (
    "gay", "lesbian", "bisexual", "homosexual", "heterosexual", "queer", "pansexual", "asexual",
    "transgender", "trans woman", "trans man", "non-binary", "nonbinary", "lgbt", "lgbtq",
    "coming out", "came out", "my girlfriend and i", "homosexuel", "homosexuelle",
    "lesbienne", "bisexuel", "bisexuelle", "homosexuell", "lesbisch", "schwul", "bisexuell",
    "homoseksueel", "biseksueel", "lesbiana", "gai", "transexual", "transgénero", "no binario",
    "salir del armario", "hombre trans", "mujer trans", "persona trans", "soy trans",
    "i'm bi", "i am bi", "soy bi", "two brides", "two grooms",
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
#: partner words without a gender: the partner's name or a pronoun tells it
NEUTRAL_PARTNER_WORDS = ("partner", "spouse", "pareja", "cónyuge", "conyuge",
                         "conjoint", "partenaire")  # fmt: skip


@lru_cache(maxsize=1)
def _any_term() -> re.Pattern[str]:
    terms = {*HEALTH_TERMS, *RELIGION_TERMS, *ORIENTATION_TERMS, *POLITICS_TERMS}
    return re.compile(r"(?i)(?<![\w-])(?:" + alternation(terms) + r")(?![\w-])")


def names_a_term(value: str) -> bool:
    """``value`` holds a whole term of the special-category vocabulary ("cancer", "voy a misa")."""
    return _any_term().search(value) is not None


@lru_cache(maxsize=1)
def distinctive_special_words() -> frozenset[str]:
    """The words of :func:`special_words` that are no everyday words ("chemo", "asthma"; not
    "ideas", "deep", "work" of "ideas suicidas", "deep vein", "back pain")."""
    return frozenset(w for w in special_words() if zipf(w) < 4.5)


@lru_cache(maxsize=1)
def special_words() -> frozenset[str]:
    """Every word of 4+ letters of the special-category vocabulary, folded (a model's special span
    must name one of them)."""
    out: set[str] = set()
    for term in (*HEALTH_TERMS, *RELIGION_TERMS, *ORIENTATION_TERMS):  # party names hold places ("Más Madrid")
        out.update(fold(w) for w in re.findall(r"[^\W\d_]{4,}", term))
    return frozenset(out)
