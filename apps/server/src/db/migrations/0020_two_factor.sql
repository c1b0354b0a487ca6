-- Two-factor sign-in (issue 38): filled in by its change.
SELECT 1;
