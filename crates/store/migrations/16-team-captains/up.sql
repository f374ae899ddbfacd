-- A team match forfeited as a whole (one team, or both, did not show): TRF-2026 `330`'s
-- codes, '+-' the team with White on board 1 wins, '-+' the other team wins, '--' neither
-- team came. Every board of the match then holds the matching forfeit result.
ALTER TABLE team_match ADD COLUMN forfeit TEXT CHECK (forfeit IN ('+-', '-+', '--'));

-- A captain's code for one match of a round: printed for the captain, it opens the match on a
-- phone to submit the team's lineup before the round and to report the boards' results. Codes
-- share one space with the chess boards' and bridge tables' codes (`codes.rs`).
CREATE TABLE team_match_code (
    event_id INTEGER NOT NULL,
    round    INTEGER NOT NULL,
    match    INTEGER NOT NULL,
    team     INTEGER NOT NULL REFERENCES team(id),
    code     TEXT NOT NULL UNIQUE,
    PRIMARY KEY (event_id, round, match, team),
    FOREIGN KEY (event_id, round, match) REFERENCES team_match(event_id, round, number) ON DELETE CASCADE
);

-- The captains' reports of a board's result: every distinct value reported, waiting for the
-- arbiter, as `report` for individual events. Two different values for one board are a conflict
-- the arbiter settles; the same value reported again (by the other captain) is stored once.
CREATE TABLE team_report (
    event_id    INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    match       INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    result      TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2')),
    team        INTEGER NOT NULL REFERENCES team(id),
    reported_at TEXT NOT NULL,
    PRIMARY KEY (event_id, round, match, board, result),
    FOREIGN KEY (event_id, round, match, board) REFERENCES team_board(event_id, round, match, board) ON DELETE CASCADE
);
