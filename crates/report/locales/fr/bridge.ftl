# Bridge sessions: pages of the director, the tables and the public (keys start with "bridge-").
