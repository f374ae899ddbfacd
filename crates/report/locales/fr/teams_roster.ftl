# Effectifs avec les données fédérales et règles de composition d'une compétition (interclubs).
teams-roster-rules = Règles de composition
teams-roster-rules-help = Chaque règle est vérifiée à la saisie de chaque composition (téléphone du capitaine et formulaire de l'arbitre) ; vide ou décoché : règle non appliquée.
teams-rule-max-foreign = Joueurs étrangers par composition : au plus
teams-rule-min-women = Joueuses par composition : au moins
teams-rule-player-cap = Classement plafond par joueur
teams-rule-sum-cap = Plafond de la somme des classements de la composition
teams-rule-cap-rating = Classement des plafonds
teams-rule-cap-fide = Elo FIDE
teams-rule-cap-national = Elo national (F, N ou E)
teams-rule-one-team-per-round = Un joueur ne joue qu'une ronde dans une seule équipe de son club
teams-rule-foreign-breach = { $count ->
    [one] 1 joueur étranger
   *[other] { $count } joueurs étrangers
} ({ $players }) : { $max } au plus
teams-rule-women-breach = { $count ->
    [0] aucune joueuse
    [one] 1 joueuse ({ $players })
   *[other] { $count } joueuses ({ $players })
} : { $min } au moins
teams-rule-player-cap-breach = { $player } est classé { $rating }, au-dessus du plafond de { $cap }
teams-rule-sum-cap-breach = la somme des classements est de { $sum }, au-dessus du plafond de { $cap }
teams-rule-fielded-breach = { $player } joue déjà pour { $team } dans le match { $match } de la ronde { $round }
teams-rule-refused = Composition refusée : { $breach }. Corrigez puis envoyez à nouveau : le code reste valable.
invalid-roster-rules = Composition refusée : { $found }.
teams-sex-w = F
teams-sex-m = M
teams-national-rating = Elo nat. { $rating } { $kind }
teams-col-sex = Sexe
teams-col-national-rating = Elo nat.
teams-col-licence = Licence
teams-col-club = Club
teams-woman = joueuse
