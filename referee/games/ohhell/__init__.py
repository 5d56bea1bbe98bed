"""Oh Hell (Contract Whist, Nomination Whist, Up and Down the River): its rules, round form and paper."""
