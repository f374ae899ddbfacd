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
teams-field-board-order-gap = Ordre des échiquiers : écart toléré (points)
teams-field-board-order-gap-help = Vide : l'ordre de la liste de force. 100 (règle des 100 points, FFE) : le capitaine place ses joueurs librement, sans mettre un joueur derrière un joueur classé plus de 100 points de moins. Toutes-rondes seulement.
teams-lineup-numbered-help = Donnez à { $boards } joueurs leur échiquier (1, 2, …) ; laissez vide pour ceux qui ne jouent pas.
teams-board-order-breach = { $below } ({ $below_rating }), échiquier { $below_board }, est classé { $difference } points au-dessus de { $above } ({ $above_rating }), échiquier { $above_board } : { $gap } au plus
teams-board-order-refused = Composition refusée : { $breach }. Corrigez l'ordre puis envoyez à nouveau : le code reste valable.
invalid-board-order = Ordre des échiquiers refusé : { $found }.
invalid-board-order-gap = Écart toléré attendu : de 0 à 1000 points, dans un toutes-rondes (le suisse par équipes garde l'ordre de la liste de force) ; reçu « { $found } ».
teams-col-played = J
teams-col-won = G
teams-col-drawn = N
teams-col-lost = P
teams-col-forfeits-lost = F
teams-col-for = Pour
teams-col-against = Contre
teams-col-difference = Diff.
teams-standings-legend = Pl. place · PM points de match · PP points de partie (échiquiers gagnés) · J matchs joués · G gagnés · N nuls · P perdus · F perdus par forfait (comptés dans P) · Pour, Contre : points d'échiquiers marqués et concédés · Diff. : leur différence.
teams-leg-first = A
teams-leg-second = R
teams-crosstable-legs = Aller et retour : A le match aller, R le match retour.
