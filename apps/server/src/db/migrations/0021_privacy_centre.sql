-- Privacy centre (issue 38): filled in by its change.
SELECT 1;
