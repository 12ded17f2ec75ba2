"""Portuguese, as written in Portugal (``PT|``) and in Brazil (``BR|``); untagged lines are both.

Names come from Faker (pt_PT, pt_BR) with a few hand-written ones; everything else here is
hand-written.  Special-category entries keep their article or contracted preposition outside the
span (``a minha mulher`` -> ``minha mulher``; ``à missa`` -> ``missa``); party and union entries
carry two forms, ``de`` (``do PS``) and ``em`` (``no PS``).
"""

from __future__ import annotations

from local_model.training.langdata import LangData, lines, words

SENTENCES = {
    "person": lines(r"""
        PT|Chamo-me {full} e sou cliente há vários anos.
        PT|Boa tarde, fala [[o|a]] {first}, já liguei ontem por causa disto.
        PT|A conta foi aberta pela minha irmã, {ofull_f}, mas ela agora está emigrada.
        PT|Falei com {ofull} do vosso apoio ao cliente na semana passada.
        PT|Podem acrescentar {ofull} como pessoa de contacto?
        PT|O meu filho {ofirst_m} é que usa o tablet.
        PT|Perguntem pela {ofirst_f} na receção.
        PT|Quem me atendeu foi {ofull|lower} e desligou-me a chamada.
        PT|Se eu não atender, liguem ao meu irmão {ofirst_m}.
        PT|sou [[o|a]] {first|lower} outra vez, continuo sem rede
        BR|Meu nome é {full} e sou cliente de vocês há anos.
        BR|oi, aqui é [[o|a]] {first|lower}, de novo sem internet
        BR|Quem contratou o plano foi minha irmã {ofirst_f}, mas ela está viajando.
        BR|Falei com {ofull} do atendimento de vocês semana passada.
        BR|Dá para colocar {ofull} como contato secundário?
        BR|Quem usa o tablet é meu filho, o {ofirst_m}.
        BR|quem me atendeu foi {ofull|lower} e desligou na minha cara
        BR|Se eu não atender, liguem pro meu irmão {ofirst_m}.
        BR|sou eu de novo, [[o|a]] {first|lower}, continuo sem sinal
        O meu nome é {full}, sou [[o|a]] titular do contrato.
        O contrato está em nome de {full}.
        A encomenda foi recebida por um tal {ofirst_m} {olast}, que eu não conheço.
        Escrevo em nome da minha mãe, {ofull_f}.
        {ofull_m} é o dono do apartamento onde moro e precisa de uma cópia da fatura.
        O técnico, um tal {ofirst_m}, não apareceu.
        Olá {ofirst}, consegue ver o pedido 4471?
        Sou {full|upper} (titular).
    """),
    "user": lines(r"""
        PT|O meu utilizador é {user} mas diz que a palavra-passe está errada.
        PT|Não consigo entrar na minha conta, o utilizador é {user}.
        PT|Fiquei com a conta bloqueada (utilizador: {user}).
        PT|Reponham a palavra-passe do utilizador {user}, por favor.
        BR|Meu usuário é {user}, mas diz que a senha está errada.
        BR|não consigo entrar na conta, usuário {user}
        BR|Minha conta travou (usuário: {user}).
        BR|Podem resetar a senha do usuário {user}?
        login: {user}
        A conta {user} foi criada por engano, apaguem-na.
        no discord sou o {user}
        entro na app com o {user}
    """),
    "email": lines(r"""
        PT|Podem escrever-me para {email}.
        PT|o meu email é {email}
        PT|Enviem a fatura para {email}, por favor.
        PT|Mudei o email para {email} no mês passado.
        BR|Podem me mandar um e-mail em {email}.
        BR|meu e-mail é {email}
        BR|Mandem o boleto para {email}, por favor.
        BR|Troquei meu e-mail para {email} mês passado.
        e-mail: {email}
        A confirmação foi para {email} mas não a encontro.
        o email de contacto é {email} (não é spam!)
        respondam para {email} e não para este
    """),
    "phone": lines(r"""
        PT|Liguem-me para o {phone}, por favor.
        PT|O meu telemóvel é o {phone}.
        PT|podem contactar-me pelo {phone} depois das 18h
        PT|O telefone fixo {phone} não dá sinal.
        BR|Me liguem no {phone}, por favor.
        BR|Meu celular é {phone}.
        BR|pode me chamar no zap: {phone}
        BR|O fixo {phone} está mudo desde ontem.
        Telefone: {phone}
        O número que não funciona é o {phone}.
        mandem mensagem para o {phone}
        o meu número é {phone} se precisarem
    """),
    "id": lines(r"""
        PT|O meu NIF é {nif}.
        PT|NIF {nif}, para a fatura.
        PT|Cartão de Cidadão n.º {cc}
        PT|o número do meu CC é {cc}
        PT|Contribuinte n.º {nif}
        PT|A transferência deve ser feita para o IBAN {iban}.
        PT|O débito direto sai da conta {iban}.
        BR|Meu CPF é {cpf}.
        BR|CPF: {cpf}
        BR|a nota fiscal tem que sair no CPF {cpf}
        BR|minha chave Pix é o CPF {cpf}
        BR|Podem depositar o reembolso no IBAN {iban}?
        Devolvam o dinheiro para o IBAN {iban}.
        O número de cliente {account} foi cobrado duas vezes.
        Cliente n.º {account}
        A vossa referência: {contract}
        O contrato n.º {contract} devia ter acabado em maio.
        ref. contrato {contract}
        A VPN bloqueia o IP {ip}, que é o de casa.
        Houve acessos a partir de {ip} que não fui eu.
        o meu ip é {ip}
    """),
    "address": lines(r"""
        PT|Moro na {street}, {postcode} {city}.
        PT|A minha morada é {street}, {postcode} {city}.
        PT|Enviem o router para {street}, {city}.
        PT|Nova morada: {street}, {postcode} {city}
        PT|Mudámo-nos para {city} em junho.
        PT|O código postal é {postcode}.
        BR|Moro na {street}, {city}, CEP {postcode}.
        BR|Meu endereço é {street}, CEP {postcode}, {city}.
        BR|Mandem o modem para {street}, {city}.
        BR|endereço novo: {street} - {city}, CEP {postcode}
        BR|A gente se mudou para {city} em junho.
        BR|O CEP é {postcode}.
        O técnico tem de vir à {street}.
        A avaria é na {street}.
        Sou de {city}.
        O nosso escritório é em {city}.
        moro em {city|lower} há pouco tempo
        PT|Código postal {postcode}, {city}.
        BR|CEP {postcode} - {city}
        PT|Moro em {city} ({postcode}), na {street}.
        BR|Moro em {city}, CEP {postcode}.
    """),
    "quasi": lines(r"""
        PT|Tenho {age} e não me entendo nada com computadores.
        PT|O meu filho tem {age} e precisa de uma linha só para ele.
        PT|o meu pai tem {age}, não sabe usar a aplicação
        PT|Trabalho como {job} na {org}.
        PT|Sou {job} e trabalho por turnos.
        PT|Estou na {org} há dez anos.
        BR|Tenho {age} e não levo jeito com computador.
        BR|Meu filho tem {age} e precisa de uma linha só dele.
        BR|meu pai tem {age}, não sabe mexer no app
        BR|Trabalho de {job} na {org}.
        BR|Sou {job} e trabalho no turno da noite.
        BR|Estou na {org} faz dez anos.
        PT|Nasci a {dob}.
        BR|Nasci em {dob}.
        Data de nascimento: {dob}
        nasci em {year}, se ajudar
        PT|A minha filha nasceu a {dob}.
        BR|Minha filha nasceu em {dob}.
        A minha empresa, a {org}, é que paga a fatura.
        PT|Reformei-me no ano passado depois de 30 anos como {job}.
        BR|Me aposentei ano passado depois de 30 anos como {job}.
        Sou {job}, tenho {age} e moro em {city}.
        Nasci em {city} em {year} e trabalho como {job}.
        PT|Tenho {age} e sou {job} na {org}.
        BR|Tenho {age}, sou {job} e trabalho na {org}.
        A minha mãe tem {age} e vive sozinha em {city}.
        PT|Data de nascimento: {dob}; profissão: {job}; residência: {city}.
        BR|Data de nascimento: {dob} - profissão: {job} - cidade: {city}
        PT|Sou {job} reformad[[o|a]], tenho {age} e moro sozinh[[o|a]] em {city}.
        BR|Sou {job} aposentad[[o|a]], tenho {age} e moro sozinh[[o|a]] em {city}.
        F|O meu marido tem {age} e trabalha como {job_m} na {org}.
        Idade: {age} | Profissão: {job} | Localidade: {city}
        Trabalho na {org}, em {city}, como {job}.
        PT|Nasci a {dob} em {city}.
        BR|Nasci em {dob}, em {city}.
        A minha filha tem {age} e estuda em {city}.
        Fiquei desempregad[[o|a]] quando a {org} fechou; tenho {age}.
    """),
    "health": lines(r"""
        PT|Tenho {cond} e não consigo estar muito tempo ao telefone.
        PT|A minha mãe tem {cond}, por isso o telefone fixo é essencial.
        PT|Diagnosticaram-me {cond} no ano passado.
        PT|Estou de baixa por causa de {cond}.
        PT|Estou a fazer {treat} e ando muito cansad[[o|a]].
        PT|Tomo {med} todas as manhãs.
        PT|Tenho consulta no {spec} na segunda-feira.
        PT|O meu {spec} disse que não posso viajar.
        PT|Sou {disab} e preciso que o técnico tenha isso em conta.
        PT|F|Estou {preg} e não posso subir escadas.
        PT|M|A minha mulher está {preg}, precisamos da instalação antes do parto.
        PT|Estive internad[[o|a]] com {cond} no mês passado.
        PT|O meu pai ficou {disab_m} depois do acidente.
        PT|Faço {treat} desde o verão.
        BR|Tenho {cond} e não consigo ficar muito tempo no telefone.
        BR|Minha mãe tem {cond}, então o fixo é essencial.
        BR|Fui diagnosticad[[o|a]] com {cond} ano passado.
        BR|Estou afastad[[o|a]] do trabalho por causa de {cond}.
        BR|Estou fazendo {treat} e ando muito cansad[[o|a]].
        BR|Tomo {med} todo dia de manhã.
        BR|Tenho consulta com meu {spec} na segunda.
        BR|Sou {disab}, por favor levem isso em conta na visita técnica.
        BR|F|Estou {preg} e não posso subir escada.
        BR|M|Minha esposa está {preg}, precisamos da instalação antes do parto.
        BR|Fiquei internad[[o|a]] com {cond} mês passado.
        BR|Faço acompanhamento psiquiátrico e tomo {med}.
        A minha filha tem {cond} desde pequena.
        Vivo com {cond} há muitos anos.
        A minha irmã está {preg}.
        Preciso do reembolso dos medicamentos ({med}).
        Tenho {cond} e tomo {med} todos os dias.
        PT|Desde que me diagnosticaram {cond} ando a fazer {treat}.
        BR|Desde que descobri que tenho {cond} estou fazendo {treat}.
    """),
    "religion": lines(r"""
        PT|Sou {relig} e há dias em que não posso trabalhar.
        PT|Vou {rite} uma vez por semana e nesse dia não atendo o telefone.
        PT|Durante {feast} não consigo marcar nada ao fim do dia.
        PT|Por motivos religiosos só como {diet}.
        PT|A minha família é {relig_f}.
        BR|Sou {relig} e tem dias que não posso trabalhar.
        BR|Vou {rite} toda semana e nesse dia não atendo o telefone.
        BR|Durante {feast} não dá para marcar nada no fim do dia.
        BR|Por motivo religioso só como {diet}.
        BR|Lá em casa todo mundo é {relig_f}.
        F|O meu marido é {relig_m} praticante.
        A consulta coincide com {feast}.
        Vou estar fora por causa de {feast}.
    """),
    "orientation": lines(r"""
        PT|Sou [[o|a]] {first} e {partner} também quer ficar como titular da conta.
        PT|Chamo-me {first} e caso em setembro com {partner}, [[o|a]] {pfirst}. Podem pôr os dois nomes?
        PT|Eu, {full}, e {partner} vivemos junt[[os|as]] na mesma morada.
        PT|Sou {orient} e assumi-me no trabalho no ano passado.
        PT|Sou {orient}, por isso mudei o tratamento no formulário.
        BR|Aqui é [[o|a]] {first}, {partner} também precisa ser titular da conta.
        BR|Sou [[o|a]] {first}, vou casar com {partner}, [[o|a]] {pfirst}. Dá pra colocar os dois nomes?
        BR|Eu, {full}, e {partner} moramos junt[[os|as]] no mesmo endereço.
        BR|Sou {orient} e me assumi no trabalho ano passado.
        BR|Sou {orient} e a opção do formulário não me serve.
        Ser {orient} numa terra pequena não é fácil.
    """),
    "politics": lines(r"""
        PT|Sou militante {party} e ajudo nas campanhas ao fim de semana.
        PT|Votei {party_em} pela primeira vez.
        PT|Sou delegad[[o|a]] sindical {union} na minha empresa.
        PT|Sou sóci[[o|a]] {union} há vinte anos.
        PT|Sou {ideo} desde sempre.
        BR|Sou filiad[[o|a]] {party_em} e faço campanha no fim de semana.
        BR|Votei {party_em} pela primeira vez.
        BR|Sou delegad[[o|a]] sindical {union} na empresa.
        BR|Sou sindicalizad[[o|a]] {union_em} faz vinte anos.
        BR|Sou {ideo} desde sempre.
        Lá em casa todos votam {party_em}.
        O meu pai sempre foi {ideo_m}.
    """),
    "criminal": lines(r"""
        PT|Estou {crim} e por isso não posso sair do país.
        PT|O meu irmão está {crim_m} e não pode mudar de morada sem avisar o tribunal.
        PT|Como estou {crim}, preciso da internet a funcionar para as chamadas com a técnica de reinserção.
        PT|O meu filho está {crim_m} e o contrato tem de ficar no meu nome.
        BR|Estou {crim}, então não posso sair do estado.
        BR|Meu irmão está {crim_m} e não pode mudar de endereço sem avisar o juiz.
        BR|Como estou {crim}, preciso da internet funcionando para falar com a assistente social.
        BR|Meu filho está {crim_m} e o contrato tem que ficar no meu nome.
        O meu cunhado está {crim_m}, mas a conta é só minha.
        A minha mãe está {crim_f}, por isso as cartas devem vir para mim.
    """),
    "immigration": lines(r"""
        PT|Estou em Portugal {immig} e preciso de abrir uma conta.
        PT|O meu irmão está cá {immig_m} e não consegue fazer contrato de telemóvel.
        PT|Vim da Ucrânia e estou {immig}; que documentos aceitam?
        PT|Estou {immig}, a AIMA ainda não me respondeu.
        BR|Estou no Brasil {immig} e preciso abrir uma conta.
        BR|Meu irmão está aqui {immig_m} e não consegue fazer um plano de celular.
        BR|Vim da Venezuela e estou {immig}; quais documentos vocês aceitam?
        BR|Estou {immig}, a Polícia Federal ainda não me respondeu.
        M|A minha mulher está {immig_f} e precisa de um contrato no nome dela.
        Estou {immig} e o meu passaporte está com o advogado.
    """),
    "neg": lines(r"""
        PT|O que é {gcond}? Expliquem-me os sintomas.
        PT|Escreva um texto curto sobre {gcond} para o jornal da escola.
        PT|Abra o menu Definições e escolha Rede.
        PT|O Apoio ao Cliente está aberto até às 20h.
        BR|O que é {gcond}? Me explica os sintomas.
        BR|Escreva um texto curto sobre {gcond} para o jornal da escola.
        BR|Abra o menu Configurações e escolha Rede.
        BR|O Atendimento ao Cliente funciona até as 20h.
        Há risco hereditário de {gcond}?
        O {product} deixou de sincronizar depois da atualização.
        O {product} funciona com o {product}?
        O meu {product} está sempre a reiniciar.
        Caro/a {placeholder}, obrigado pela sua mensagem.
        O cliente {placeholder} indica que {placeholder} lhe cobrou duas vezes.
        Nome: {placeholder}
        Estado da Encomenda: Enviada
        Aplicam-se Termos e Condições.
        Quantos habitantes tem {gcity}?
        Como é o tempo em {gcity} em maio?
        Como se pede asilo na União Europeia?
        PT|Qual é a pena para condução sem carta?
        BR|Qual é a pena para quem dirige sem carteira?
        Traduza 'bom dia' para inglês.
    """),
}

FILLERS = lines(r"""
    PT|Estou sem internet desde segunda-feira.
    PT|Já reiniciei o router duas vezes.
    PT|É a terceira vez que escrevo por causa disto.
    PT|Ninguém me devolveu a chamada.
    PT|A fatura deste mês veio mais alta.
    PT|A aplicação dá erro quando tento pagar.
    PT|Preciso disto resolvido antes do fim de semana.
    PT|Estive 40 minutos à espera ao telefone.
    PT|Fico a aguardar resposta.
    BR|Estou sem internet desde segunda.
    BR|Já reiniciei o modem duas vezes.
    BR|É a terceira vez que escrevo sobre isso.
    BR|Ninguém me retornou.
    BR|A conta deste mês veio mais alta.
    BR|O app dá erro na hora de pagar.
    BR|Preciso disso resolvido antes do fim de semana.
    BR|Fiquei 40 minutos esperando na linha.
    BR|Aguardo retorno.
    Obrigado desde já.
    Podem verificar o que aconteceu?
    Funcionava bem até à atualização.
    Cobraram-me um serviço que não pedi.
    É urgente.
""")

GREETINGS = lines(r"""
    PT|Bom dia,
    PT|Boa tarde,
    PT|Exmos. Senhores,
    PT|Olá, boa tarde.
    PT|Caro {ofirst_m},
    PT|Cara {ofirst_f},
    BR|Oi,
    BR|Bom dia!
    BR|Prezados,
    BR|Olá, tudo bem?
    BR|Oi {ofirst}, tudo bem?
    BR|Prezado(a) {ofull},
    Olá,
    Olá {ofirst},
    Boa noite,
""")

CLOSINGS = lines(r"""
    PT|Cumprimentos,\n{full}
    PT|Com os melhores cumprimentos,\n{full}
    PT|Obrigad[[o|a]],\n{first}
    PT|Atentamente,\n{full}
    PT|Beijinhos, {first}
    PT|Fico a aguardar.\n{first}
    BR|Atenciosamente,\n{full}
    BR|Att.,\n{full}
    BR|Obrigad[[o|a]]!\n{first}
    BR|Abraço,\n{first}
    BR|Valeu, {first|lower}
    BR|Aguardo retorno.\n{full}
    Obrigad[[o|a]], {full}
    Enviado do meu iPhone
    -- {first}
    Muito obrigad[[o|a]].
""")

FORM_FIELDS = {
    "full": lines("""
        Nome
        Nome completo
        Cliente
        PT|Titular
        BR|Nome do titular
    """),
    "email": lines("""
        Email
        E-mail
        PT|Endereço de correio eletrónico
    """),
    "phone": lines("""
        Telefone
        PT|Telemóvel
        PT|Contacto
        BR|Celular
        BR|Contato
    """),
    "dob": lines("""
        Data de nascimento
        Data nasc.
        Nascimento
    """),
    "street": lines("""
        PT|Morada
        BR|Endereço
        BR|Logradouro
        PT|Rua
    """),
    "city": lines("""
        PT|Localidade
        Cidade
        PT|Concelho
        BR|Município
    """),
    "postcode": lines("""
        PT|Código postal
        PT|Cód. postal
        BR|CEP
    """),
    "natid": lines("""
        N.º de identificação
        Documento de identificação
        BR|RG/CPF
    """),
    "nif": lines("""
        PT|NIF
        PT|Contribuinte
        PT|N.º de contribuinte
    """),
    "cc": lines("""
        PT|Cartão de Cidadão
        PT|N.º do CC
        PT|Documento (CC)
    """),
    "cpf": lines("""
        BR|CPF
        BR|CPF do titular
    """),
    "iban": lines("""
        IBAN
        PT|NIB/IBAN
    """),
    "job": lines("""
        Profissão
        Ocupação
        Cargo
    """),
    "org": lines("""
        Empresa
        PT|Entidade patronal
        BR|Empregador
    """),
    "cond": lines("""
        Doenças
        Diagnóstico
        Antecedentes clínicos
        BR|Histórico médico
    """),
    "user": lines("""
        PT|Utilizador
        BR|Usuário
        Login
    """),
    "age": lines("""
        Idade
    """),
    "relig": lines("""
        Religião
        Confissão religiosa
    """),
    "contract": lines("""
        N.º de contrato
        Referência
        BR|Protocolo
    """),
}

DOC_WORDS = {
    "chat_agent": lines("""
        Assistente
        PT|Apoio
        PT|Operador
        BR|Atendente
        BR|Suporte
        agente
    """),
    "chat_me": lines("""
        Cliente
        PT|Utilizador
        BR|Usuário
        eu
    """),
    "mail_from": ("De: ",),
    "mail_to": ("Para: ",),
    "mail_subject_key": ("Assunto: ",),
    "mail_subject": lines("""
        Re: avaria
        Problema com a minha linha
        Fatura
        PT|Rescisão do contrato
        BR|Cancelamento do plano
        Urgente
        Fwd: contrato
        PT|Reclamação
        BR|Reclamação - protocolo
    """),
    "mail_to_addr": lines("""
        PT|apoio@operadora.pt
        PT|geral@empresa.pt
        BR|atendimento@operadora.com.br
        BR|sac@loja.com.br
    """),
    "sig_phone": ("Tel.: ", "PT|Telm.: ", "BR|Cel.: ", "BR|WhatsApp: ", "T. "),
    "cv_born": ("Data de nascimento: ", "PT|Nascid[[o|a]] a ", "BR|Nascid[[o|a]] em "),
    "cv_experience": lines("""
        Experiência profissional
        EXPERIÊNCIA
        Percurso profissional
    """),
    "cv_skills": ("Competências: ", "PT|Conhecimentos: ", "BR|Habilidades: "),
    "cv_at": (", ", " na ", " @ ", " - "),
    "json_full": ("nome", "nome_completo", "name"),
    "json_email": ("email", "e_mail"),
    "json_phone": ("telefone", "telemovel", "celular", "phone"),
    "json_street": ("morada", "endereco", "address"),
    "json_city": ("cidade", "localidade"),
    "json_postcode": ("codigo_postal", "cep"),
    "json_dob": ("data_nascimento", "dob"),
    "json_user": ("utilizador", "usuario", "login"),
    "json_ip": ("ip", "ultimo_ip"),
    "json_natid": ("PT|nif", "BR|cpf", "documento"),
    "json_iban": ("iban",),
    "json_job": ("profissao", "cargo"),
    "json_org": ("empresa",),
    "csv_ofull": ("nome",),
    "csv_oemail": ("email",),
    "csv_phone": ("telefone",),
    "csv_city": ("cidade",),
    "csv_postcode": ("cod_postal",),
    "csv_job": ("profissao",),
    "csv_natid": ("PT|nif", "BR|cpf"),
}

CITIES = lines("""
    PT|Lisboa
    PT|Porto
    PT|Vila Nova de Gaia
    PT|Amadora
    PT|Braga
    PT|Coimbra
    PT|Funchal
    PT|Setúbal
    PT|Almada
    PT|Aveiro
    PT|Leiria
    PT|Viseu
    PT|Faro
    PT|Évora
    PT|Guimarães
    PT|Matosinhos
    PT|Odivelas
    PT|Sintra
    PT|Cascais
    PT|Loures
    PT|Oeiras
    PT|Barreiro
    PT|Seixal
    PT|Maia
    PT|Gondomar
    PT|Póvoa de Varzim
    PT|Viana do Castelo
    PT|Santarém
    PT|Castelo Branco
    PT|Bragança
    PT|Vila Real
    PT|Portimão
    PT|Ponta Delgada
    PT|Caldas da Rainha
    PT|Torres Vedras
    PT|Figueira da Foz
    PT|Covilhã
    PT|Beja
    PT|Portalegre
    PT|Odemira
    PT|Lagos
    PT|Tavira
    PT|Mirandela
    PT|Fafe
    PT|Ovar
    BR|São Paulo
    BR|Rio de Janeiro
    BR|Belo Horizonte
    BR|Salvador
    BR|Fortaleza
    BR|Recife
    BR|Curitiba
    BR|Porto Alegre
    BR|Manaus
    BR|Belém
    BR|Goiânia
    BR|Brasília
    BR|Campinas
    BR|São Luís
    BR|Maceió
    BR|Natal
    BR|Teresina
    BR|João Pessoa
    BR|Florianópolis
    BR|Vitória
    BR|Niterói
    BR|Guarulhos
    BR|Osasco
    BR|Santo André
    BR|São Bernardo do Campo
    BR|Ribeirão Preto
    BR|Sorocaba
    BR|Uberlândia
    BR|Juiz de Fora
    BR|Londrina
    BR|Joinville
    BR|Caxias do Sul
    BR|Feira de Santana
    BR|Campo Grande
    BR|Cuiabá
    BR|Aracaju
    BR|Petrópolis
    BR|Santos
    BR|Blumenau
    BR|Maringá
    BR|Pelotas
    BR|Montes Claros
    BR|Caruaru
    BR|Mossoró
    BR|Itajaí
    BR|Chapecó
    BR|Volta Redonda
""")

STREETS = {
    "pt_types": lines("""
        Rua
        Rua
        Rua
        R.
        Avenida
        Av.
        Travessa
        Praça
        Estrada
        Calçada
        Alameda
    """),
    "pt_names": lines("""
        de Santa Catarina
        do Almada
        Augusta
        da Liberdade
        de Ceuta
        Cândido dos Reis
        do Carmo
        dos Clérigos
        de Camões
        Almirante Reis
        da República
        5 de Outubro
        25 de Abril
        Gago Coutinho
        Miguel Bombarda
        Sá da Bandeira
        Alexandre Herculano
        D. João IV
        D. Manuel II
        de São Bento
        das Flores
        do Comércio
        da Boavista
        Fernão de Magalhães
        Eça de Queirós
        Infante D. Henrique
        Marquês de Pombal
        de Campolide
        da Igreja
        do Pinhal
        das Amoreiras
        Padre António Vieira
        Heróis do Ultramar
        Bartolomeu Dias
        Conde de Vizela
        Sacadura Cabral
        Professor Egas Moniz
        da Estação
        do Mercado
        Nova
    """),
    "pt_floors": lines("""
        1.º Esq.
        2.º Dto.
        3.º Esq.
        4.º Dto.
        5.º Frente
        r/c Esq.
        r/c Dto.
        2.º A
        3.º B
        cave
        1.º andar
        7.º E
    """),
    "br_types": lines("""
        Rua
        Rua
        Rua
        R.
        Avenida
        Av.
        Travessa
        Alameda
        Praça
        Estrada
        Rodovia
    """),
    "br_names": lines("""
        Augusta
        da Consolação
        Oscar Freire
        XV de Novembro
        Sete de Setembro
        Tiradentes
        Marechal Deodoro
        Dom Pedro II
        Barão de Mauá
        Voluntários da Pátria
        Visconde de Pirajá
        Nossa Senhora de Copacabana
        Presidente Vargas
        Brigadeiro Faria Lima
        Rebouças
        Paulista
        Afonso Pena
        Getúlio Vargas
        Santos Dumont
        Rui Barbosa
        Castro Alves
        Princesa Isabel
        das Palmeiras
        dos Andradas
        Barão do Rio Branco
        Benjamin Constant
        Padre Anchieta
        Duque de Caxias
        Joaquim Nabuco
        São João
        das Flores
        Bento Gonçalves
        Ipiranga
        Cel. Antônio Carlos
        Dr. Arnaldo
    """),
    "br_units": lines("""
        apto 12
        apto 45
        apto 101
        apto 1203
        bloco B, apto 32
        casa 2
        fundos
        sala 504
        conj. 71
        cj. 12
    """),
    "br_districts": lines("""
        Centro
        Vila Mariana
        Pinheiros
        Moema
        Copacabana
        Tijuca
        Boa Viagem
        Savassi
        Batel
        Moinhos de Vento
        Jardim Botânico
        Santa Cecília
        Bela Vista
        Aldeota
        Pituba
    """),
}

JOBS = lines("""
    enfermeir[[o|a]]
    professor[[|a]] do ensino básico
    professor[[|a]] de português
    engenheir[[o|a]] informátic[[o|a]]
    programador[[|a]]
    PT|contabilista
    BR|contador[[|a]]
    eletricista
    M|canalizador
    BR|M|encanador
    PT|motorista de autocarros
    BR|motorista de ônibus
    taxista
    BR|motorista de aplicativo
    estafeta
    BR|entregador de aplicativo
    cozinheir[[o|a]]
    PT|empregad[[o|a]] de mesa
    BR|M|garçom
    BR|F|garçonete
    operador[[|a]] de caixa
    rececionista
    BR|recepcionista
    farmacêutic[[o|a]]
    dentista
    médic[[o|a]] de família
    F|parteira
    polícia
    bombeir[[o|a]]
    carpinteir[[o|a]]
    cabeleireir[[o|a]]
    PT|F|empregada de limpeza
    BR|F|diarista
    auxiliar de ação médica
    BR|técnic[[o|a]] de enfermagem
    assistente social
    advogad[[o|a]]
    arquitet[[o|a]]
    analista de dados
    gestor[[|a]] de projeto
    operador[[|a]] de armazém
    vigilante
    bibliotecári[[o|a]]
    fisioterapeuta
    administrativ[[o|a]]
    BR|auxiliar administrativ[[o|a]]
    vendedor[[|a]]
    mecânic[[o|a]]
    agricultor[[|a]]
    carteir[[o|a]]
    cuidador[[|a]] de idosos
    operador[[|a]] de call center
    funcionári[[o|a]] públic[[o|a]]
    M|pedreiro
    BR|servente de obras
    PT|M|trolha
    F|costureira
    padeir[[o|a]]
    PT|técnic[[o|a]] de telecomunicações
    BR|técnic[[o|a]] em informática
    BR|corretor[[|a]] de imóveis
    PT|mediador[[|a]] imobiliári[[o|a]]
    psicólog[[o|a]]
    jornalista
""")

ORG_PATTERNS = lines("""
    PT|{last} & Filhos, Lda.
    PT|Clínica Dentária {last}
    PT|{last} e {last2} Advogados
    PT|Construções {last}, S.A.
    PT|Transportes {last}, Lda.
    PT|Farmácia {last}
    PT|Padaria {last}
    PT|Oficina Auto {last}
    PT|Escola Básica {first} {last}
    BR|{last} Comércio Ltda.
    BR|Clínica Odontológica {last}
    BR|{last} & {last2} Advogados Associados
    BR|Construtora {last}
    BR|Transportadora {last} ME
    BR|Drogaria {last}
    BR|Padaria {last}
    BR|Auto Peças {last}
    BR|Escola Estadual {first} {last}
    Contabilidade {last}
""")

EMAIL_DOMAINS = lines("""
    gmail.com
    hotmail.com
    outlook.com
    PT|sapo.pt
    PT|outlook.pt
    PT|hotmail.com
    PT|iol.pt
    PT|netcabo.pt
    PT|live.com.pt
    PT|gmail.com
    BR|yahoo.com.br
    BR|uol.com.br
    BR|bol.com.br
    BR|terra.com.br
    BR|ig.com.br
    BR|gmail.com
    BR|hotmail.com
""")

VOCAB = {
    "cond": lines("""
        diabetes tipo 1
        diabetes tipo 2
        asma
        epilepsia
        esclerose múltipla
        doença de Crohn
        colite ulcerosa
        PT|cancro da mama
        PT|cancro do pulmão
        BR|câncer de mama
        BR|câncer de próstata
        leucemia
        linfoma
        depressão
        PT|perturbação bipolar
        BR|transtorno bipolar
        PT|perturbação de ansiedade
        BR|transtorno de ansiedade
        PT|perturbação obsessivo-compulsiva
        BR|TOC
        esquizofrenia
        PT|VIH
        BR|HIV
        hepatite C
        fibromialgia
        lúpus
        artrite reumatoide
        insuficiência cardíaca
        insuficiência renal
        Parkinson
        Alzheimer
        doença celíaca
        endometriose
        hipertensão
        PT|PHDA
        BR|TDAH
        anorexia
        bulimia
        covid longa
        DPOC
        PT|stress pós-traumático
        BR|estresse pós-traumático
        síndrome do pânico
        paralisia cerebral
        autismo
        fibrose quística
        PT|anemia falciforme
    """),
    "treat": lines("""
        quimioterapia
        radioterapia
        hemodiálise
        imunoterapia
        terapia hormonal
        PT|psicoterapia
        BR|terapia com psicólogo
        fisioterapia depois do AVC
        tratamento para a infertilidade
        PT|fertilização in vitro
        BR|fertilização in vitro
        tratamento antirretroviral
        desintoxicação
    """),
    "med": lines("""
        insulina
        metformina
        antidepressivos
        sertralina
        fluoxetina
        lítio
        quetiapina
        metadona
        PrEP
        antirretrovirais
        ansiolíticos
        PT|levotiroxina
        BR|Rivotril
        anticoagulantes
        morfina
        antiepiléticos
        BR|ritalina
        PT|metilfenidato
    """),
    "spec": lines("""
        psiquiatra
        oncologista
        cardiologista
        neurologista
        endocrinologista
        reumatologista
        infecciologista
        hematologista
        obstetra
        pneumologista
        gastroenterologista
        nefrologista
        BR|psicanalista
    """),
    "preg": lines("""
        grávida
        grávida de sete meses
        grávida de 32 semanas
        grávida de três meses
        PT|grávida de gémeos
        BR|grávida de gêmeos
        grávida do segundo filho
        PT|numa gravidez de risco
        BR|com gravidez de risco
    """),
    "disab": lines("""
        ceg[[o|a]]
        PT|invisual
        BR|deficiente visual
        surd[[o|a]]
        paraplégic[[o|a]]
        tetraplégic[[o|a]]
        amblíope
        deficiente motor[[|a]]
        amputad[[o|a]] de uma perna
        PT|portador[[|a]] de deficiência
        BR|cadeirante
    """),
    "relig": lines("""
        católic[[o|a]]
        muçulman[[o|a]]
        [[judeu|judia]]
        evangélic[[o|a]]
        testemunha de Jeová
        budista
        hindu
        sikh
        ortodox[[o|a]]
        adventista
        mórmon
        BR|espírita
        BR|do candomblé
        BR|da umbanda
        PT|cristã[[o|]] ortodox[[o|a]]
    """),
    "rite": lines("""
        à missa
        ao culto
        à mesquita
        à sinagoga
        à catequese
        ao Salão do Reino
        ao templo hindu
        BR|ao terreiro
        BR|ao centro espírita
        PT|à missa dominical
        à igreja evangélica
    """),
    "feast": lines("""
        PT|o Ramadão
        BR|o Ramadã
        o Shabat
        o Yom Kippur
        a Páscoa judaica
        o Eid
        o Diwali
        a Quaresma
        o Rosh Hashaná
        a Semana Santa
    """),
    "diet": lines("""
        comida halal
        carne halal
        comida kosher
        refeições kosher
        PT|refeições halal
    """),
    "orient": lines("""
        gay
        F|lésbica
        bissexual
        homossexual
        assexual
        pansexual
        queer
    """),
    "partner": lines("""
        PT|F|a minha mulher
        PT|F|a minha namorada
        PT|F|a minha companheira
        PT|M|o meu marido
        PT|M|o meu namorado
        PT|M|o meu companheiro
        BR|F|minha esposa
        BR|F|minha namorada
        BR|F|minha noiva
        BR|M|meu marido
        BR|M|meu namorado
        BR|M|meu noivo
    """),
    "party": lines("""
        PT|do PS;no PS
        PT|do PSD;no PSD
        PT|do Chega;no Chega
        PT|da Iniciativa Liberal;na Iniciativa Liberal
        PT|do Bloco de Esquerda;no Bloco de Esquerda
        PT|do PCP;no PCP
        PT|do Livre;no Livre
        PT|do PAN;no PAN
        PT|do CDS;no CDS
        BR|do PT;no PT
        BR|do PL;no PL
        BR|do PSDB;no PSDB
        BR|do MDB;no MDB
        BR|do PSOL;no PSOL
        BR|do Novo;no Novo
        BR|do PDT;no PDT
        BR|do PSB;no PSB
        BR|do PCdoB;no PCdoB
    """),
    "ideo": lines("""
        de esquerda
        de direita
        comunista
        socialista
        anarquista
        conservador[[|a]]
        liberal
        monárquic[[o|a]]
        feminista
        ecologista
        social-democrata
        BR|bolsonarista
        BR|petista
        antifascista
    """),
    "union": lines("""
        PT|da CGTP;na CGTP
        PT|da UGT;na UGT
        PT|da FENPROF;na FENPROF
        PT|do STAL;no STAL
        PT|do Sindicato dos Enfermeiros Portugueses;no Sindicato dos Enfermeiros Portugueses
        PT|do Sindicato dos Trabalhadores da Função Pública;no Sindicato dos Trabalhadores da Função Pública
        BR|da CUT;na CUT
        BR|da Força Sindical;na Força Sindical
        BR|do Sindicato dos Bancários;no Sindicato dos Bancários
        BR|do Sindicato dos Metalúrgicos;no Sindicato dos Metalúrgicos
        BR|da APEOESP;na APEOESP
        BR|do Sindicato dos Comerciários;no Sindicato dos Comerciários
    """),
    "crim": lines("""
        em liberdade condicional
        PT|com pulseira eletrónica
        BR|com tornozeleira eletrônica
        PT|em prisão domiciliária
        BR|em prisão domiciliar
        PT|em regime aberto
        BR|no regime semiaberto
        com pena suspensa
        PT|condenad[[o|a]] por condução sob o efeito do álcool
        BR|condenad[[o|a]] por dirigir embriagad[[o|a]]
        PT|arguid[[o|a]] num processo de burla
        BR|respondendo a processo por estelionato
        PT|a cumprir pena
        BR|cumprindo pena
        PT|em saída precária
        PT|com termo de identidade e residência
        PT|a cumprir trabalho comunitário
        BR|prestando serviço comunitário
        condenad[[o|a]] por furto
        BR|em liberdade provisória
    """),
    "immig": lines("""
        como requerente de asilo
        como refugiad[[o|a]]
        com estatuto de refugiad[[o|a]]
        em situação irregular
        PT|sem papéis
        BR|sem documentos
        PT|à espera da autorização de residência
        BR|aguardando a autorização de residência
        com a autorização de residência recusada
        PT|com uma ordem de expulsão
        BR|com uma ordem de deportação
        com proteção subsidiária
        com proteção temporária
        PT|com o visto caducado
        BR|com o visto vencido
        BR|com pedido de refúgio em análise
        BR|indocumentad[[o|a]]
    """),
}

DATA = LangData(
    code="pt",
    locales=("pt_PT", "pt_BR"),
    sentences=SENTENCES,
    fillers=FILLERS,
    greetings=GREETINGS,
    closings=CLOSINGS,
    form_fields=FORM_FIELDS,
    doc_words=DOC_WORDS,
    articles=frozenset(
        {"o", "a", "os", "as", "um", "uma", "à", "ao", "às", "aos", "do", "da", "dos", "das", "no", "na", "como"}
    ),
    cities=CITIES,
    streets=STREETS,
    jobs=JOBS,
    org_patterns=ORG_PATTERNS,
    email_domains=EMAIL_DOMAINS,
    at_words=lines("""
        arroba
        (arroba)
        [arroba]
        [at]
    """),
    dot_words=lines("""
        ponto
        (ponto)
        [ponto]
        [dot]
    """),
    digit_words=words("zero um dois três quatro cinco seis sete oito nove"),
    months=words("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro"),
    vocab=VOCAB,
    first_m=words("PT|João PT|Tiago PT|Rodrigo PT|Duarte BR|Thiago BR|Gustavo BR|Caio BR|Wellington"),
    first_f=words("PT|Inês PT|Leonor PT|Matilde PT|Carolina BR|Letícia BR|Jéssica BR|Thaís BR|Larissa"),
    forms={"party": ("de", "em"), "union": ("de", "em")},
)
