# Le rapport Elo FIDE du tournoi : les fichiers TRF (le tournoi entier, un par période de
# classement) et le relevé d'intégrité des appariements (les modifications faites à la main).
rating-report-title = Rapport pour le classement Elo FIDE
rating-report-files = Fichiers pour le serveur de classement de la FIDE
rating-report-whole = TRF-2026 du tournoi entier
rating-periods-intro = { $count ->
    [one] Les rondes ont été jouées sur { $count } période de classement (les listes mensuelles de la FIDE).
   *[other] Les rondes ont été jouées sur { $count } périodes de classement (les listes mensuelles de la FIDE).
}
rating-periods-rule = La FIDE classe chaque partie sur la liste en vigueur le jour où elle a été jouée (B.01 1.1.4) : chaque période se déclare dans son propre fichier, avec les rondes jouées pendant celle-ci.
rating-period-rounds = { $count ->
    [one] ronde { $rounds }
   *[other] rondes { $rounds }
}
rating-period-line = { $period } : { $rounds } ({ $dates }), TRF-2026
rating-periods-undated = Rondes sans date : { $rounds }. Indiquez leurs dates dans les réglages du tournoi pour le déclarer période par période.
pairing-record-title = Appariements modifiés à la main
pairing-record-none = Aucun appariement n'a été modifié à la main.
pairing-record-intro = Modifications faites à la main aux appariements et toujours en vigueur, telles que le journal du tournoi les enregistre et que les lignes de commentaire (###) du fichier TRF-2026 les reprennent.
pairing-record-col-round = Ronde
pairing-record-col-what = Modification
pairing-record-col-who = Par
pairing-record-col-when = Date
pairing-change-swap = { $a } et { $b } ont échangé leurs places
pairing-change-break = Échiquiers défaits : { $boards }
pairing-change-pair = Échiquier formé à la main : { $white } (Blancs) – { $black } (Noirs)
pairing-change-bye = Exempt attribué à la main à { $player }
pairing-change-sort = Échiquiers remis dans l'ordre
pairing-change-accept = Objection du contrôleur acceptée à l'échiquier { $board } ({ $objection })
export-rating-report = Rapport Elo FIDE (TRF par période de classement, appariements modifiés à la main)
