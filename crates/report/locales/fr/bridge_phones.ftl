# Les téléphones aux tables d'un tournoi par quatre (issue 24 §1) : la page de la table et les fiches.
bphone-table = Match { $match } · { $room }
bphone-round = Tour { $round }/{ $rounds }
bphone-ns-team = Nord-Sud
bphone-ew-team = Est-Ouest
bphone-no-round = L'arbitre n'a pas encore fait le tirage d'un tour : rechargez cette page une fois le tour affiché.
bphone-no-match = Pas de match à cette table au tour { $round }.
bphone-closed = Votre table est au tour { $round } : les donnes restées ouvertes ici sont pour l'arbitre.
bphone-left = Donne { $board } du tour { $round } : laissée à l'arbitre.
bphone-done = Toutes les donnes de ce tour sont confirmées à cette table.
bphone-hint = L'autre salle joue les mêmes donnes.
bphone-slips = Codes des tables (impression)
bphone-slips-hint = Découpez une fiche par table : chaque salle d'un match a son code. Le téléphone de la table ouvre l'adresse et tape le code ; il le garde pour tous les tours.
bphone-slips-loopback = Les fiches impriment { $address } : cette adresse désigne cet ordinateur lui-même, les téléphones ne peuvent pas l'ouvrir. Lancez le serveur avec l'adresse du portable sur le réseau du club (arbiter serve --public-url).
