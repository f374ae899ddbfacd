# Prize categories as the prize page and the printed prize list name them (issue 23).
prize-category-rating-below = Rating < { $rating }
prize-category-rating-from = Rating ≥ { $rating }
prize-category-women = Women
prize-category-age-below = Under { $age }
prize-category-age-from = { $age } and over
prize-category-club = Club members
prize-category-unrated = Unrated
