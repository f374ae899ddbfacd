//! Property: any consistent tournament written in either layout reads back equal, and writing
//! it again gives the same bytes.

use proptest::prelude::*;
use tournament::trf::{self, Format};
use tournament::*;

/// A small deterministic generator driven by the proptest seed, so that one `u64` describes a
/// whole consistent tournament (opponents that mirror each other, one PAB per round, …).
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
    fn text(&mut self, max: usize) -> String {
        const CHARS: &[char] = &[
            'a', 'b', 'e', 'k', 'o', 'z', 'A', 'M', 'Z', '1', '9', ',', '.', '-', '/', ' ', 'é',
            'ø', 'Ł', 'ß',
        ];
        let n = self.below(max as u64 + 1) as usize;
        let s: String = (0..n).map(|_| self.pick(CHARS)).collect();
        s.trim().to_string()
    }
    fn opt_text(&mut self, max: usize) -> Option<String> {
        self.chance(60).then(|| self.text(max))
    }
    fn points(&mut self, max_tenths: u64) -> Points {
        Points::from_tenths(self.below(max_tenths + 1) as i32)
    }
}

fn color(d: &mut Dice) -> Color {
    if d.chance(50) {
        Color::White
    } else {
        Color::Black
    }
}

/// The two entries of one pairing, `a` first.
fn game(d: &mut Dice, a: PlayerId, b: PlayerId) -> (Entry, Entry) {
    let ca = color(d);
    let cb = ca.opposite();
    match d.below(10) {
        0..=5 => {
            let result = d.pick(&[GameResult::Win, GameResult::Draw, GameResult::Loss]);
            let rated = d.chance(85);
            (
                Entry::Played {
                    opponent: b,
                    color: ca,
                    result,
                    rated,
                },
                Entry::Played {
                    opponent: a,
                    color: cb,
                    result: result.reversed(),
                    rated,
                },
            )
        }
        6 | 7 => {
            let known = d.chance(70);
            let (c1, c2) = if known {
                (Some(ca), Some(cb))
            } else {
                (None, None)
            };
            (
                Entry::ForfeitWin {
                    opponent: Some(b),
                    color: c1,
                },
                Entry::ForfeitLoss {
                    opponent: Some(a),
                    color: c2,
                },
            )
        }
        8 => (
            Entry::DoubleForfeit {
                opponent: b,
                color: ca,
            },
            Entry::DoubleForfeit {
                opponent: a,
                color: cb,
            },
        ),
        _ => (
            Entry::ForfeitLoss {
                opponent: Some(b),
                color: None,
            },
            Entry::ForfeitLoss {
                opponent: Some(a),
                color: None,
            },
        ),
    }
}

fn tournament(seed: u64) -> Tournament {
    let mut d = Dice(seed | 1);
    let n = 1 + d.below(24) as usize;
    let k = d.below(8) as usize;
    let mut t = Tournament::default();

    // A point system that BBx (and, when the zero-point bye equals the forfeit loss, 162) holds.
    if d.chance(40) {
        // Now and then a win worth more than 99.9, too wide for a 162 record.
        let win = if d.chance(10) {
            d.points(1200)
        } else {
            d.points(30)
        };
        let draw = d.points(20);
        let loss = d.points(5);
        let mut ps = PointSystem::from_game_values(win, draw, loss);
        ps.loss = loss;
        ps.zero_bye = d.points(5);
        ps.forfeit_loss = if d.chance(50) {
            ps.zero_bye
        } else {
            d.points(5)
        };
        ps.pairing_bye = if d.chance(50) { win } else { d.points(30) };
        t.point_system = ps;
    }

    let h = &mut t.header;
    h.name = d.opt_text(40);
    h.city = d.opt_text(20);
    h.federation = d.opt_text(3);
    h.start_date = d.chance(50).then(|| "2026/03/01".to_string());
    h.end_date = d.opt_text(10);
    h.declared_players = d.chance(50).then_some(n as u32);
    h.declared_rated_players = d.chance(30).then(|| d.below(n as u64) as u32);
    h.declared_teams = d.chance(10).then(|| d.below(9) as u32);
    h.tournament_type = d.opt_text(30);
    h.chief_arbiter = d.opt_text(30);
    h.deputy_arbiters = (0..d.below(3)).map(|_| d.text(20)).collect();
    h.time_control = d.opt_text(20);
    if d.chance(30) {
        h.round_dates = (0..k).map(|_| d.text(8)).collect();
    }
    h.rounds = d.chance(80).then(|| (k as u32 + d.below(3) as u32).max(1));
    h.initial_color = d.chance(70).then(|| color(&mut d));
    h.pair_by_line_order = d.chance(10);
    h.rating_method = d.opt_text(12);
    h.program = d.opt_text(20);
    h.type_code = d.chance(40).then(|| "FIDE_DUTCH_2025".to_string());
    h.tiebreaks = d.chance(30).then(|| "BH/C1,BH,SB".to_string());
    h.standings_tiebreaks = d.chance(20).then(|| "PTS,BH".to_string());
    h.time_control_code = d.chance(20).then(|| "5400+30".to_string());
    let declared = h.rounds;

    let ids: Vec<PlayerId> = (1..=n as u32).map(PlayerId).collect();
    let mut rounds: Vec<Vec<Entry>> = vec![Vec::new(); n];
    let withdrawn_from: Vec<Option<usize>> = (0..n)
        .map(|_| (k > 0 && d.chance(10)).then(|| d.below(k as u64) as usize))
        .collect();
    for r in 0..k {
        let mut present = Vec::new();
        for i in 0..n {
            if withdrawn_from[i].is_some_and(|w| r >= w) {
                rounds[i].push(Entry::Withdrawn);
            } else if d.chance(12) {
                let e = d.pick(&[
                    Entry::HalfBye,
                    Entry::FullBye,
                    Entry::ZeroBye,
                    Entry::NotPaired,
                ]);
                rounds[i].push(e);
            } else {
                present.push(i);
                rounds[i].push(Entry::NotPaired);
            }
        }
        // Shuffle, pair neighbours, the odd one out gets the bye.
        for j in (1..present.len()).rev() {
            let s = d.below(j as u64 + 1) as usize;
            present.swap(j, s);
        }
        for pair in present.chunks(2) {
            match *pair {
                [a, b] => {
                    let (ea, eb) = game(&mut d, ids[a], ids[b]);
                    rounds[a][r] = ea;
                    rounds[b][r] = eb;
                }
                [a] => {
                    rounds[a][r] = if d.chance(85) {
                        Entry::PairingBye
                    } else {
                        Entry::ForfeitWin {
                            opponent: None,
                            color: None,
                        }
                    };
                }
                _ => {}
            }
        }
    }

    let titles = [None, Some(Title::GM), Some(Title::WIM), Some(Title::CM)];
    for (i, entries) in rounds.into_iter().enumerate() {
        let mut p = Player {
            id: ids[i],
            sex: d.pick(&[None, Some(Sex::Male), Some(Sex::Female)]),
            title: d.pick(&titles),
            name: d.text(33),
            rating: d.chance(80).then(|| 1000 + d.below(1800) as u16),
            national_rating: None,
            federation: d
                .chance(70)
                .then(|| d.pick(&["NOR", "ESP", "FRA", "JPN", "ZA"]).to_string()),
            fide_id: d.chance(60).then(|| d.below(99_999_999_999)),
            birth_date: d.chance(40).then(|| d.text(10)).filter(|s| !s.is_empty()),
            points: Points::ZERO,
            rank: d.chance(80).then(|| 1 + d.below(n as u64) as u32),
            rounds: entries,
        };
        p.points = p.score(&t.point_system);
        t.players.push(p);
    }
    // The file order need not be the TPN order.
    if d.chance(30) {
        for j in (1..t.players.len()).rev() {
            let s = d.below(j as u64 + 1) as usize;
            t.players.swap(j, s);
        }
    }

    let max_round = declared.unwrap_or(9).max(1);
    let some_round = |d: &mut Dice| 1 + d.below(max_round as u64) as u32;
    if d.chance(30) {
        if d.chance(50) {
            for _ in 0..d.below(3) {
                let id = ids[d.below(n as u64) as usize];
                if t.player_accelerations.iter().all(|(x, _)| *x != id) {
                    let values = (0..1 + d.below(5)).map(|_| d.points(20)).collect();
                    t.player_accelerations.push((id, values));
                }
            }
        } else {
            for _ in 0..1 + d.below(2) {
                let (a, b) = (some_round(&mut d), some_round(&mut d));
                let (x, y) = (1 + d.below(n as u64) as u32, 1 + d.below(n as u64) as u32);
                t.accelerations.push(Acceleration {
                    match_points: d.chance(20).then(|| d.points(20)),
                    points: d.points(20),
                    first_round: a.min(b),
                    last_round: a.max(b),
                    first_player: PlayerId(x.min(y)),
                    last_player: PlayerId(x.max(y)),
                });
            }
        }
    }
    if n >= 2 {
        for _ in 0..d.below(3) {
            // A group names different players (a player cannot be kept from themself).
            let size = (2 + d.below(2) as usize).min(n);
            let mut pool = ids.clone();
            let players = (0..size)
                .map(|_| pool.swap_remove(d.below(pool.len() as u64) as usize))
                .collect();
            let rounds = d.chance(50).then(|| {
                let (a, b) = (some_round(&mut d), some_round(&mut d));
                (a.min(b), a.max(b))
            });
            t.forbidden.push(ForbiddenGroup { rounds, players });
        }
    }
    for _ in 0..d.below(3) {
        let kind = d.pick(&[
            ByeKind::Full,
            ByeKind::Half,
            ByeKind::Zero,
            ByeKind::PairingAllocated,
        ]);
        let round = some_round(&mut d);
        if t.announced_byes
            .iter()
            .all(|b| (b.kind, b.round) != (kind, round))
        {
            let players = (0..d.below(3))
                .map(|_| ids[d.below(n as u64) as usize])
                .collect();
            t.announced_byes.push(AnnouncedByes {
                kind,
                round,
                players,
            });
        }
    }
    // Points assigned outside the point system (`299`): each type at most once, so that no
    // two typed records give one result two values; the points column follows them.
    let mut kinds = AbnormalKind::ALL.to_vec();
    for _ in 0..d.below(3) {
        let kind = kinds.swap_remove(d.below(kinds.len() as u64) as usize);
        let points = if d.chance(30) {
            -d.points(99)
        } else {
            d.points(999)
        };
        let round = d.chance(60).then(|| some_round(&mut d));
        let participants = (0..d.below(3))
            .map(|_| ids[d.below(n as u64) as usize].0)
            .collect();
        t.abnormal_points.push(AbnormalPoints {
            kind,
            match_points: None,
            points: Some(points),
            round,
            participants,
        });
    }
    let scores: Vec<Points> = t.players.iter().map(|p| t.score(p)).collect();
    for (p, score) in t.players.iter_mut().zip(scores) {
        p.points = score;
    }
    // A player belongs to one team at most.
    let mut free = ids.clone();
    for _ in 0..d.below(3) {
        let size = (d.below(4) as usize).min(free.len());
        let players = (0..size)
            .map(|_| free.swap_remove(d.below(free.len() as u64) as usize))
            .collect();
        let detailed = d.chance(50);
        t.teams.push(Team {
            id: (detailed && d.chance(80)).then(|| 1 + d.below(999) as u32),
            name: d.text(32),
            nickname: (detailed && d.chance(50))
                .then(|| d.text(5))
                .filter(|s| !s.is_empty()),
            strength: (detailed && d.chance(50)).then(|| "A".to_string()),
            match_points: (detailed && d.chance(50)).then(|| d.points(300)),
            game_points: (detailed && d.chance(50)).then(|| d.points(999)),
            rank: (detailed && d.chance(50)).then(|| 1 + d.below(999) as u32),
            players,
        });
    }
    for _ in 0..d.below(3) {
        let code = d.pick(&["###", "801", "802", "FRA", "XXS"]);
        let rest = d.text(30);
        t.other_lines.push(format!("{code} {rest}"));
    }
    t
}

/// Names the first part of two tournaments that differs, to keep failure reports short.
fn difference(a: &Tournament, b: &Tournament) -> String {
    if a.header != b.header {
        return format!("header: {:?}\nvs      {:?}", a.header, b.header);
    }
    if a.point_system != b.point_system {
        return format!("point system: {:?} vs {:?}", a.point_system, b.point_system);
    }
    if a.players.len() != b.players.len() {
        return format!("{} players vs {}", a.players.len(), b.players.len());
    }
    for (x, y) in a.players.iter().zip(&b.players) {
        if x != y {
            return format!("player: {x:?}\nvs      {y:?}");
        }
    }
    format!(
        "rest: {:?} {:?} {:?} {:?} {:?} {:?} {:?}\nvs    {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        a.player_accelerations,
        a.accelerations,
        a.forbidden,
        a.announced_byes,
        a.teams,
        a.abnormal_points,
        a.other_lines,
        b.player_accelerations,
        b.accelerations,
        b.forbidden,
        b.announced_byes,
        b.teams,
        b.abnormal_points,
        b.other_lines
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn written_tournaments_read_back_equal(seed in any::<u64>()) {
        let t = tournament(seed);
        for format in [Format::Trf16, Format::Trf26] {
            let written = trf::write(&t, format);
            let back = trf::read(&written);
            prop_assert!(back.is_ok(), "{:?}: {}\n{}", format, back.unwrap_err(), written);
            let back = back.unwrap();
            prop_assert!(back == t, "{:?}: {}\n{}", format, difference(&back, &t), written);
            prop_assert_eq!(trf::write(&back, format), written);
        }
    }
}
