# Championnats par équipes tels que les fédérations les organisent (barèmes, ordre des
# échiquiers, règles des effectifs).
teams-match-points-help = victoire/nul/défaite, puis /forfait si un forfait vaut moins qu'une défaite : 2/1/0, 3/1/0, 3/2/1/0 (interclubs FFE)
teams-scale-ffe = Interclubs FFE (3/2/1/0)
teams-colours-help = Avant le premier résultat, les Blancs au premier échiquier peuvent passer à { $team } (l'équipe qui reçoit choisit, ou le règlement le veut) : chaque joueur change de couleur, les compositions restent.
teams-colours-swap = Inverser les couleurs
teams-lineup-count = Composition refusée : cochez { $boards } joueurs, un par échiquier ; { $ticked ->
    [0] aucun n'est coché
    [one] un seul est coché
   *[other] { $ticked } sont cochés
}. Corrigez les cases puis envoyez à nouveau : le code reste valable.
teams-lineup-invalid = Composition refusée : { $found } (attendu : { $expected }). Corrigez puis envoyez à nouveau : le code reste valable.
