-- The players' reports of a board's result: every distinct value reported, waiting for the
-- arbiter. Two different values for one board (White says 1-0, Black 0-1) are a conflict the
-- arbiter settles, never confirmed in bulk; the same value reported again is stored once.
-- Until now a board kept only its last report (`game.reported_result`), so the first one of two
-- different reports was lost.
CREATE TABLE report (
    event_id    INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    result      TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2')),
    reported_at TEXT NOT NULL,
    PRIMARY KEY (event_id, round, board, result),
    FOREIGN KEY (event_id, round, board) REFERENCES game(event_id, round, board) ON DELETE CASCADE
);

INSERT INTO report (event_id, round, board, result, reported_at)
    SELECT event_id, round, board, reported_result, coalesce(reported_at, '')
    FROM game WHERE reported_result IS NOT NULL AND result IS NULL;

ALTER TABLE game DROP COLUMN reported_at;
ALTER TABLE game DROP COLUMN reported_result;
