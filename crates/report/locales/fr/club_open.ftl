# Prize categories as the prize page and the printed prize list name them (issue 23).
prize-category-rating-below = Elo < { $rating }
prize-category-rating-from = Elo ≥ { $rating }
prize-category-women = Féminines
prize-category-age-below = Moins de { $age } ans
prize-category-age-from = { $age } ans et plus
prize-category-club = Membres du club
prize-category-unrated = Non classés
