## Bridge par quatre (issue 24 §1)
bteams-title = Épreuves par quatre
bteams-none = Aucune épreuve par quatre pour l'instant.
bteams-new = Nouvelle épreuve par quatre
bteams-create = Créer l'épreuve
bteams-field-name = Nom
bteams-field-date = Date
bteams-field-club = Club
bteams-field-format = Formule
bteams-field-swiss-rounds = Tours (suisse)
bteams-field-scoring = Marque
bteams-field-boards = Donnes par match
bteams-field-bye-vp = PV de l'exempt
bteams-field-public = Pages publiques
bteams-col-rounds = Tours
bteams-format-round-robin = Toutes rondes
bteams-format-swiss = Système suisse
bteams-scoring-wbf2013 = IMP convertis en PV (barème WBF 2013)
bteams-scoring-bam = Match par points (board-a-match)
bteams-scoring-patton = Patton (match par points + PV)
bteams-scoring-cross_imps = Cross-IMP convertis en PV (système suisse par paires)
bteams-boards-a-match = { $count ->
    [one] { $count } donne par match
   *[other] { $count } donnes par match
}
bteams-conflicts = Conflits à trancher
bteams-conflict-text = Tour { $round }, match { $match }, { $room }, donne { $board } : enregistré { $kept } ; autre saisie { $from } : { $other }
bteams-keep = Garder le résultat enregistré
bteams-take-other = Prendre l'autre saisie
bteams-provisional = des matchs attendent encore des résultats ; le classement compte les matchs terminés.
bteams-standings = Classement
bteams-no-teams = Aucune équipe pour l'instant.
bteams-col-team = Équipe
bteams-col-vp = PV
bteams-col-points = Points
bteams-col-imps-won = IMP marqués
bteams-col-imps-lost = IMP encaissés
bteams-col-quotient = Quotient d'IMP
bteams-col-matches = Matchs
bteams-tie-breaks = Ex aequo : les PV des matchs entre les équipes à égalité, puis le quotient d'IMP (IMP marqués ÷ IMP encaissés).
bteams-cross = Tableau croisé
bteams-cross-legend = Chaque case : la marque de l'équipe de la ligne dans le match, et les IMP (pour–contre).
bteams-rounds = Tours
bteams-round = Tour { $round }
bteams-draw = Tirer le tour { $round }
bteams-draw-waits = Le tour { $round } se tire quand tous les matchs du tour précédent sont complets : il reste des donnes à saisir ou un conflit à régler.
bteams-col-match = Match
bteams-col-home = Équipe recevante (NS en salle ouverte)
bteams-col-visit = Équipe visiteuse (NS en salle fermée)
bteams-col-imps = IMP
bteams-col-boards-done = Donnes saisies
bteams-bye = exempt
bteams-teams = Équipes
bteams-col-number = N°
bteams-col-players = Joueurs
bteams-team-form = Inscrire ou modifier une équipe
bteams-players-hint = Un joueur par ligne, de 4 à 6 joueurs : le nom, puis un point-virgule et le numéro de licence s'il est connu.
bteams-match-open = match en cours
bteams-rooms-hint = Salle ouverte : l'équipe recevante est en Nord-Sud ; salle fermée : l'équipe visiteuse est en Nord-Sud. Les deux salles jouent les mêmes donnes.
bteams-col-board = Donne
bteams-col-vul = Vulnérabilité
bteams-room-open = Salle ouverte
bteams-room-closed = Salle fermée
bteams-col-net = Écart (recevante)
bteams-col-result = Résultat
bteams-col-score-ns = Marque NS
bteams-total = Total
bteams-grid-hint = Saisissez le contrat, le déclarant, l'entame et le résultat (=, +1, -2 ou le nombre de levées) de chaque salle. Un résultat modifié par quelqu'un d'autre depuis l'ouverture de cette page n'est pas écrasé : il attend, en conflit, d'être tranché.

# Refusals on the bridge teams pages (the chess wording speaks of players and chessboards).
bridge-refusal-too_few_players = Il faut au moins deux équipes pour tirer un tour.
bridge-refusal-all_rounds_paired = Plus aucun tour à tirer : tous les tours prévus sont tirés, la finale est jouée, ou toute rencontre possible du tour suivant serait une revanche.
bridge-refusal-missing_results = Le tour précédent n'est pas terminé : des donnes attendent encore le résultat de leurs deux salles, ou un match n'est pas encore décidé.
bridge-refusal-event_started = Impossible une fois le premier tour tiré (ou le tableau à élimination directe déjà tiré).
bridge-refusal-round_closed = Ce tour est clos : le tour suivant est tiré, ou la table n'y est plus et l'arbitre saisit ses donnes.
bridge-refusal-round_robin_fixed = Dans un tournoi toutes rencontres, les équipes sont fixées dès le tirage du premier tour.
bridge-invalid-team-number = Numéro d'équipe attendu, à la suite des équipes déjà inscrites (reçu { $found }).
bridge-invalid-device = Une table envoie son appareil (« device ») ; l'arbitre envoie ce que sa page affichait (« shown ») : l'un des deux est attendu.
bteams-hands = Donnes
bteams-deals-file = Fichier des donnes (PBN)
bteams-deals-upload = Charger les donnes
bteams-deals-hint = Les deux salles de chaque match jouent les mêmes étuis : un seul fichier pour toute l'épreuve (celui de la machine à donnes). Chaque donne est analysée en double mort (levées possibles, contrat optimum) ; un nouveau fichier remplace le précédent.
bteams-deals-held-back = { $count ->
    [one] Une donne n'est pas encore affichée : elle le sera quand toutes les salles l'auront jouée.
   *[other] { $count } donnes ne sont pas encore affichées : chacune le sera quand toutes les salles l'auront jouée.
}

## Swiss pairs (issue 38 §3) : un tournoi par équipes dont les camps sont des paires, une table par match.
bteams-format-swiss-pairs = Système suisse par paires
bswiss-table = Table { $table }
bswiss-sheets-hint = Une page A4 par table : la table la remplit et la rend signée par les deux paires.
bswiss-conflict-text = Tour { $round }, table { $match }, donne { $board } : enregistré { $kept } ; autre saisie { $from } : { $other }
bswiss-col-table = Table
bswiss-col-ns = NS (la paire la mieux classée)
bswiss-col-ew = EO
bswiss-col-pair = Paire
bswiss-pairs = Paires
bswiss-pair-form = Inscrire ou modifier une paire
bswiss-players-hint = Deux joueurs, un par ligne (Nom ; licence). Le nom de la paire peut rester vide : ce sont alors les noms de ses joueurs.
bswiss-at-table = À la table
bswiss-col-net = NS moins la marque de référence
bswiss-hint = Toutes les tables du tour jouent les mêmes donnes. Chaque résultat est comparé à la référence du tour (IMP Butler : la moyenne des marques NS du champ sans la plus haute ni la plus basse, arrondie à la dizaine) ; quand toutes les tables ont joué, les IMP de chaque match deviennent des points de victoire sur l'échelle WBF.
bswiss-export-csv = Export CSV (feuilles de route)

## Tie-breaks (an event's setting) and the Swiss pairs form
bteams-field-tie-break = Départage
bteams-tie-break-wbf = Confrontation directe, puis quotient d'IMP (WBF)
bteams-tie-break-ebu = Confrontation directe, puis PV des adversaires, puis différence d'IMP (EBU)
bteams-tie-breaks-ebu = Ex aequo : les PV du match entre les camps à égalité, puis la somme des PV de leurs adversaires (les « tie-break points » de l'EBU), puis la différence d'IMP (IMP marqués − IMP encaissés).
bteams-tie-breaks-points = Ex aequo : à égalité de points, la place est partagée.
bswiss-new = Nouveau tournoi par paires en système suisse
bswiss-create = Créer le tournoi par paires
bswiss-field-boards = Donnes par tour
bswiss-scoring-butler = IMP Butler (contre la moyenne) convertis en PV
