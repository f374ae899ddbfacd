-- Issue 38: a teams event's (and a Swiss pairs event's) tie-break order after the VP total,
-- bridge::teams::TieBreakRule's code: 'wbf' (head to head, then the IMP quotient: what every
-- event ranked by until now) or 'ebu' (head to head, then the opponents' VPs, then the IMP
-- difference: the EBU White Book's split tie procedure).
ALTER TABLE bridge_team_event ADD COLUMN tie_break TEXT NOT NULL DEFAULT 'wbf';
