# Normes de titre FIDE (B.01) et variations Elo (B.02) : la page des normes de l'arbitre, la
# fiche du joueur, le certificat de résultat de titre (IT1) et le rapport de tournoi (IT3).
norms-title = Normes de titre
norms-link = Normes
norms-intro = Après la ronde { $round } sur { $rounds }, selon le règlement des titres de la FIDE (B.01, en vigueur depuis le 1er janvier 2024) : chaque norme qu'un joueur peut encore viser, réalisée, en vue, ou pourquoi non. Un adversaire est étranger s'il est d'une autre fédération que le joueur ; FID n'est pas une fédération.
norms-none = Aucune norme réalisée ni en vue.
norms-report = Rapport de tournoi (IT3)
norms-not-possible-title = Normes impossibles
norms-col-norm = Norme
norms-col-status = État
norms-col-detail = Détail
norms-col-documents = Documents
norm-achieved = Norme réalisée
norm-in-reach = Norme en vue
norm-not-possible = Impossible
norm-exempt = règles de fédérations levées ({ $article })
norm-achieved-detail = { $points } sur { $games } parties, Ra { $average }, Rp { $performance } ; compte pour { $norm_games } parties
norm-left-out = { $count ->
    [one] adversaire battu de la ronde { $rounds } écarté
   *[other] adversaires battus des rondes { $rounds } écartés
} (1.4.1f)
norm-eight-of-nine = 8 parties sur 9 (1.4.1c)
norm-extra = { $count ->
    [one] { $count } partie supplémentaire
   *[other] { $count } parties supplémentaires
}
norm-made-after = réalisée après la ronde { $round }, parties suivantes ignorées (1.4.1e)
norm-raised = { $name } compté au plancher (1.4.6)
norm-reach-detail = { $points } points nécessaires sur les { $rounds } dernières rondes, avec Ra { $average }
norm-reach-future = avec des prochains adversaires d'au moins { $average } de moyenne
shortfall-games = { $article } : { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}, { $required } requises
shortfall-foreign = { $article } : { $count ->
    [one] { $count } fédération étrangère
   *[other] { $count } fédérations étrangères
}, { $required } requises
shortfall-own = { $article } : { $count ->
    [one] { $count } adversaire
   *[other] { $count } adversaires
} de sa fédération, au plus { $max }
shortfall-one = { $article } : { $count ->
    [one] { $count } adversaire
   *[other] { $count } adversaires
} de la fédération { $federation }, au plus { $max }
shortfall-titleholders = { $article } : { $count ->
    [one] { $count } adversaire titré
   *[other] { $count } adversaires titrés
}, { $required } requis
shortfall-norm-titles = { $article } : { $count ->
    [one] { $count } adversaire
   *[other] { $count } adversaires
} { $titles }, { $required } requis
shortfall-average = { $article } : Ra { $average }, { $required } requis
shortfall-performance = { $article } : Rp { $performance }, { $required } requise
shortfall-score = { $article } : { $percent } %, 35 % requis
card-norms-title = Normes de titre
card-rating-change = Variation Elo FIDE : { $change } (K { $k })
card-initial-rating = Classement initial que donnent ces parties : { $rating } (B.02 8.2)
# Le certificat de résultat de titre (IT1).
it1-title = Certificat de résultat de titre
it1-form = Formulaire FIDE IT1
it1-title-norm = Norme de titre
it1-candidate = Candidat au titre
it1-name = Nom
it1-fide-id = Identifiant FIDE
it1-federation = Fédération
it1-birth = Date de naissance
it1-sex = Sexe
it1-event = Tournoi
it1-place = Lieu
it1-event-federation = Fédération organisatrice
it1-dates = Dates
it1-system = Système
it1-players = Joueurs
it1-rounds = Rondes
it1-time-control = Cadence
it1-chief-arbiter = Arbitre principal
it1-deputies = Arbitres adjoints
it1-col-round = Rd
it1-col-opponent = Adversaire
it1-col-title = Titre
it1-col-fide-id = Id. FIDE
it1-col-fed = Féd.
it1-col-rating = Elo
it1-col-result = Résultat
it1-games = Parties comptées
it1-games-title = Parties
it1-score = Score
it1-percent = Pourcentage
it1-average = Moyenne Elo des adversaires (Ra, 1.4.7)
it1-performance = Performance (Rp, 1.4.8)
it1-norm-games = Parties comptées pour la demande de titre
it1-opponents = Adversaires : titrés { $titled }, GMI { $gm }, MI { $im }, GMF { $wgm }, MIF { $wim } ; fédérations étrangères { $foreign } ; de sa fédération { $own }
it1-exemption = Exemption des règles de fédérations : { $which }
it1-remarks = Observations
it1-signature-arbiter = Arbitre principal : nom et signature
it1-signature-officer = Responsable du classement ou président de la fédération : nom et signature
it1-date-place = Date et lieu
it1-by-hand = à remplir à la main
it1-print = Imprimer
# Le rapport de tournoi (IT3).
it3-title = Rapport de tournoi
it3-form = Formulaire FIDE IT3
it3-results = Résultats de titre obtenus
it3-none = Aucun résultat de titre dans ce tournoi.
it3-col-player = Joueur
it3-col-norm = Résultat de titre
it3-col-games = Parties
it3-col-score = Score
it3-col-ra = Ra
it3-col-rp = Rp
it3-rated-players = Joueurs classés FIDE
it3-federations = Fédérations
it3-titled = Joueurs titrés (GMI, MI, GMF, MIF)
it3-pgn = PGN des parties des résultats de titre (1.9) : à joindre

# Un tournoi plus long qu'une période de classement (B.01 1.1.4) : d'où vient l'Elo de chaque période.
norms-periods-title = Périodes de classement : chaque partie compte avec l'Elo et les titres de sa période.
norms-period = { $count ->
    [one] Ronde { $rounds }
   *[other] Rondes { $rounds }
} ({ $period }) : { $source }
norms-period-undated = sans date
norms-period-registered = l'Elo et les titres enregistrés à l'inscription
norms-period-list = liste FIDE { $file }, chargée le { $loaded }
norms-period-missing = aucune liste FIDE chargée pour { $period } : l'Elo et les titres de la période précédente sont gardés
# L'exemption des règles de fédérations (B.01 1.4.3a-c), un réglage des tournois individuels et par équipes.
field-norm-exemption = Normes de titre : exemption des règles de fédérations
hint-norm-exemption = B.01 1.4.3a–c : les normes ne tiennent plus compte des règles de fédérations des adversaires (1.4.3 et 1.4.4), pour les joueurs de la fédération organisatrice dans un championnat national ou un championnat national par équipes, pour tous dans un tournoi zonal ou sous-zonal. Le grand open au système suisse (1.4.3d) est reconnu d'après les participants.
norm-exemption-none = Aucune (règle normale des étrangers)
norm-exemption-national_championship = Championnat national, phase finale (1.4.3a)
norm-exemption-national_team_championship = Championnat national par équipes (1.4.3b)
norm-exemption-zonal = Tournoi zonal ou sous-zonal (1.4.3c)
norms-exemption = Exemption des règles de fédérations : { $exemption }. Les joueurs de la fédération organisatrice (tous, dans un zonal) ne sont tenus ni par 1.4.3 ni par 1.4.4.
it3-exemption = Exemption des règles de fédérations (1.4.3)
teams-norms-intro = Après la ronde { $round } sur { $rounds }, selon le règlement des titres de la FIDE (B.01) : les parties de chaque joueur à son échiquier contre les joueurs des autres équipes, chaque adversaire compté dans sa propre fédération (non celle de son équipe). Chaque norme qu'un joueur peut encore viser, réalisée, en vue, ou pourquoi non.
