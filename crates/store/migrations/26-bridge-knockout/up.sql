-- Issue 24 §1: the knock-out stage of a teams event. `seeds`: JSON list of team numbers,
-- seed 1 first (from the event's standings, e.g. after a round robin, or the team numbers);
-- `segments`: the segments a match has; `carry_over`: 'wbf' (worked out from the teams'
-- earlier match: 1/2 of the margin to a higher-seeded winner, 1/3 to a lower-seeded one, at
-- most 16 IMPs), 'none' (entered by the director, 0 until then).
CREATE TABLE bridge_ko_stage (
    event_id   INTEGER PRIMARY KEY REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    seeds      TEXT NOT NULL,
    segments   INTEGER NOT NULL,
    carry_over TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- A knock-out match (`visit` NULL: `home` has a bye). The home team is the better seed. The
-- carry-over to the home team (negative: to the visitors) is carry_num / carry_den IMPs;
-- `segments` and `extra` are JSON lists of [home IMPs, visitors' IMPs], a segment or a set
-- of extra boards each.
CREATE TABLE bridge_ko_match (
    event_id  INTEGER NOT NULL REFERENCES bridge_ko_stage(event_id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    number    INTEGER NOT NULL,
    home      INTEGER NOT NULL,
    visit     INTEGER,
    carry_num INTEGER NOT NULL DEFAULT 0,
    carry_den INTEGER NOT NULL DEFAULT 1,
    segments  TEXT NOT NULL DEFAULT '[]',
    extra     TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (event_id, round, number)
);
