-- Who stood on a team's boards in a round it played no game: the Swiss Team's pairing-allocated
-- bye, a round it sat out (a round robin's odd team, a late entry's earlier rounds), a match it
-- forfeited as a whole. Written when the round is paired (the forfeit: when it is recorded),
-- from the roster's order then, so that a roster put in another order later changes no past
-- round: the bye's points and the absences stay with the players who had them.
CREATE TABLE team_round_seat (
    event_id INTEGER NOT NULL,
    round    INTEGER NOT NULL,
    team_id  INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    board    INTEGER NOT NULL CHECK (board BETWEEN 1 AND 16),
    member   INTEGER NOT NULL REFERENCES team_member(id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, round, team_id, board),
    FOREIGN KEY (event_id, round) REFERENCES team_round(event_id, number) ON DELETE CASCADE
);
CREATE INDEX team_round_seat_member ON team_round_seat(member);

-- The rounds paired before this version: their seats as the roster gives them today, which is
-- what every page and file showed until now. Cups keep their own rules (no seats).
INSERT INTO team_round_seat (event_id, round, team_id, board, member)
SELECT r.event_id, r.number, t.id, m.board, m.id
FROM team_round r
JOIN team_event e ON e.id = r.event_id AND e.system <> 'cup'
JOIN team t ON t.event_id = r.event_id
JOIN team_member m ON m.team_id = t.id AND m.board <= e.boards
WHERE NOT EXISTS (
        SELECT 1 FROM team_match x
        WHERE x.event_id = r.event_id AND x.round = r.number
          AND (x.white_team = t.id OR x.black_team = t.id)
          AND x.forfeit IS NULL)
  AND NOT EXISTS (
        -- A forfeit's team that came: it played (its games won by forfeit are in team_board).
        SELECT 1 FROM team_match x
        WHERE x.event_id = r.event_id AND x.round = r.number AND x.forfeit IS NOT NULL
          AND ((x.white_team = t.id AND x.forfeit = '+-')
            OR (x.black_team = t.id AND x.forfeit = '-+')));
