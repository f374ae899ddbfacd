# The event's FIDE rating report: the TRF files (the whole event, one per rating period) and the
# pairing-integrity record (the changes made by hand to pairings).
rating-report-title = FIDE rating report
rating-report-files = Files for FIDE's rating server
rating-report-whole = TRF-2026 of the whole event
rating-periods-intro = { $count ->
    [one] The rounds were played in { $count } rating period (FIDE's monthly lists).
   *[other] The rounds were played in { $count } rating periods (FIDE's monthly lists).
}
rating-periods-rule = FIDE rates each game on the list in force when it was played (B.01 1.1.4): report each period in its own file, with the rounds played in it.
rating-period-rounds = { $count ->
    [one] round { $rounds }
   *[other] rounds { $rounds }
}
rating-period-line = { $period }: { $rounds } ({ $dates }), TRF-2026
rating-periods-undated = Rounds without a date: { $rounds }. Give them their dates in the event's settings to report the event period by period.
pairing-record-title = Pairings changed by hand
pairing-record-none = No pairing was changed by hand.
pairing-record-intro = Changes made by hand to the pairings and still in force, as the event's log records them and the TRF-2026 file's comment lines (###) repeat them.
pairing-record-col-round = Round
pairing-record-col-what = What was changed
pairing-record-col-who = By
pairing-record-col-when = When
pairing-change-swap = { $a } and { $b } changed places
pairing-change-break = Boards broken: { $boards }
pairing-change-pair = Board made by hand: { $white } (White) – { $black } (Black)
pairing-change-bye = Pairing-allocated bye given by hand to { $player }
pairing-change-sort = Boards put in order again
pairing-change-accept = Checker's objection accepted on board { $board } ({ $objection })
export-rating-report = FIDE rating report (TRF per rating period, pairings changed by hand)
