-- Issue 20 §2: the date and time a round starts, set by the arbiter ahead of the round (a round
-- row exists only once it is paired), printed on its pairing lists and written to TRF's `132`.
-- starts_at: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM', the hall's local time.
CREATE TABLE round_start (
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round BETWEEN 1 AND 99),
    starts_at TEXT NOT NULL,
    PRIMARY KEY (event_id, round)
);

-- Issue 20 §3: drawing of lots, the last tie-break (`LOT` ending the event's list). Each player's
-- lot, drawn once by the arbiter's action (its seed is in the log); tied players rank by it.
CREATE TABLE player_lot (
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    lot       INTEGER NOT NULL CHECK (lot >= 1),
    PRIMARY KEY (event_id, player_id)
);
