# FIDE title norms (B.01) and rating changes (B.02): the arbiter's norms page, the player's
# card, the title result certificate (IT1) and the tournament report (IT3).
norms-title = Title norms
norms-link = Norms
norms-intro = After round { $round } of { $rounds }, by FIDE's title regulations (B.01, in force from 1 January 2024): each norm a player may still want, achieved, in reach, or why not. Opponents count from another federation than the player's; FID is no federation.
norms-none = No norm achieved or in reach.
norms-report = Tournament report (IT3)
norms-not-possible-title = Norms not possible
norms-col-norm = Norm
norms-col-status = Status
norms-col-detail = Detail
norms-col-documents = Documents
norm-achieved = Norm achieved
norm-in-reach = Norm in reach
norm-not-possible = Not possible
norm-exempt = federation rules waived ({ $article })
norm-achieved-detail = { $points } in { $games } games, Ra { $average }, Rp { $performance }; counts for { $norm_games } games
norm-left-out = { $count ->
    [one] beaten opponent of round { $rounds } left out
   *[other] beaten opponents of rounds { $rounds } left out
} (1.4.1f)
norm-eight-of-nine = 8 games of 9 (1.4.1c)
norm-extra = { $count ->
    [one] 1 extra game
   *[other] { $count } extra games
}
norm-made-after = made after round { $round }, later games ignored (1.4.1e)
norm-raised = { $name } counted at the rating floor (1.4.6)
norm-reach-detail = { $points } points needed in the last { $rounds } rounds, on Ra { $average }
norm-reach-future = with the next opponents averaging { $average } or more
shortfall-games = { $article }: { $count ->
    [one] 1 game
   *[other] { $count } games
}, { $required } needed
shortfall-foreign = { $article }: { $count ->
    [one] 1 foreign federation
   *[other] { $count } foreign federations
}, { $required } needed
shortfall-own = { $article }: { $count ->
    [one] 1 opponent
   *[other] { $count } opponents
} of the player's federation, at most { $max }
shortfall-one = { $article }: { $count ->
    [one] 1 opponent
   *[other] { $count } opponents
} from { $federation }, at most { $max }
shortfall-titleholders = { $article }: { $count ->
    [one] 1 titled opponent
   *[other] { $count } titled opponents
}, { $required } needed
shortfall-norm-titles = { $article }: { $count ->
    [one] 1 opponent
   *[other] { $count } opponents
} { $titles }, { $required } needed
shortfall-average = { $article }: Ra { $average }, { $required } needed
shortfall-performance = { $article }: Rp { $performance }, { $required } needed
shortfall-score = { $article }: { $percent } %, 35 % needed
card-norms-title = Title norms
card-rating-change = FIDE rating change: { $change } (K { $k })
card-initial-rating = Initial rating from these games: { $rating } (B.02 8.2)
# The title result certificate (IT1).
it1-title = Certificate of title result
it1-form = FIDE form IT1
it1-title-norm = Title norm
it1-candidate = Title candidate
it1-name = Name
it1-fide-id = FIDE ID
it1-federation = Federation
it1-birth = Date of birth
it1-sex = Sex
it1-event = Event
it1-place = Place
it1-event-federation = Organising federation
it1-dates = Dates
it1-system = System
it1-players = Players
it1-rounds = Rounds
it1-time-control = Rate of play
it1-chief-arbiter = Chief arbiter
it1-deputies = Deputy arbiters
it1-col-round = Rd
it1-col-opponent = Opponent
it1-col-title = Title
it1-col-fide-id = FIDE ID
it1-col-fed = Fed
it1-col-rating = Rating
it1-col-result = Result
it1-games = Games counted
it1-games-title = Games
it1-score = Score
it1-percent = Percentage
it1-average = Average rating of opponents (Ra, 1.4.7)
it1-performance = Rating performance (Rp, 1.4.8)
it1-norm-games = Games counted for the title application
it1-opponents = Opponents: titled { $titled }, GM { $gm }, IM { $im }, WGM { $wgm }, WIM { $wim }; foreign federations { $foreign }; of the player's federation { $own }
it1-exemption = Exemption from the federation rules: { $which }
it1-remarks = Remarks
it1-signature-arbiter = Chief arbiter: name and signature
it1-signature-officer = Federation rating officer or president: name and signature
it1-date-place = Date and place
it1-by-hand = to be written by hand
it1-print = Print
# The tournament report (IT3).
it3-title = Tournament report
it3-form = FIDE form IT3
it3-results = Title results achieved
it3-none = No title result in this event.
it3-col-player = Player
it3-col-norm = Title result
it3-col-games = Games
it3-col-score = Score
it3-col-ra = Ra
it3-col-rp = Rp
it3-rated-players = FIDE-rated players
it3-federations = Federations
it3-titled = Titled players (GM, IM, WGM, WIM)
it3-pgn = PGN of the title results' games (1.9): to be attached

# An event longer than a rating period (B.01 1.1.4): where each period's ratings come from.
norms-periods-title = Rating periods: each game is read at the ratings and titles of its period.
norms-period = { $count ->
    [one] Round { $rounds }
   *[other] Rounds { $rounds }
} ({ $period }): { $source }
norms-period-undated = no date
norms-period-registered = the ratings and titles the players were registered with
norms-period-list = FIDE's list { $file }, loaded { $loaded }
norms-period-missing = no FIDE list loaded for { $period }: the previous period's ratings and titles are kept
# The event's exemption from the federation rules (B.01 1.4.3a-c), a setting of chess and team events.
field-norm-exemption = Title norms: exemption from the federation rules
hint-norm-exemption = B.01 1.4.3a–c: the norms then waive the opponents' federation rules (1.4.3 and 1.4.4), for the host federation's players in a national championship or a national team championship, for everyone in a zonal or sub-zonal tournament. A large Swiss (1.4.3d) is found from the field by itself.
norm-exemption-none = None (the normal foreigner requirement)
norm-exemption-national_championship = National championship, final stage (1.4.3a)
norm-exemption-national_team_championship = National team championship (1.4.3b)
norm-exemption-zonal = Zonal or sub-zonal tournament (1.4.3c)
norms-exemption = Exemption from the federation rules: { $exemption }. The host federation's players (everyone, in a zonal) are held neither to 1.4.3 nor to 1.4.4.
it3-exemption = Exemption from the federation rules (1.4.3)
teams-norms-intro = After round { $round } of { $rounds }, by FIDE's title regulations (B.01): each player's games on their boards against the other teams' players, each opponent of their own federation (not their team's). Each norm a player may still want, achieved, in reach, or why not.
