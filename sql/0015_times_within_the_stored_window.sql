-- Every stored time lies between 1000-01-01 and 9000-01-01 UTC.
--
-- Requests are now refused (400, the field named) when a time falls outside that window after its
-- offset is applied, and dates read from text outside it are dropped. Before that, a time such as
-- 0001-01-01T00:00:00+14:00 (year 0 in UTC) or 9999-12-31T23:59:59-14:00 (year 10000) was stored, and
-- every later read of that user's rows failed in Python ("year 0 is out of range"): the account was
-- broken for good. This repairs such rows in place: each time outside the window is moved to the
-- window's nearest edge (a NULL stays NULL). Moving every time monotonically keeps every ordering rule
-- between two times of a row (valid_to >= valid_from ...) true.

DO $$
DECLARE
    tbl record;
    assignments text;
    outside text;
BEGIN
    FOR tbl IN
        SELECT c.table_name,
               string_agg(format('%1$I = CASE WHEN %1$I < %2$L::timestamptz THEN %2$L::timestamptz '
                                 'WHEN %1$I >= %3$L::timestamptz THEN %4$L::timestamptz ELSE %1$I END',
                                 c.column_name, '1000-01-01T00:00:00Z', '9000-01-01T00:00:00Z',
                                 '8999-12-31T23:59:59Z'), ', ') AS sets,
               string_agg(format('%1$I < %2$L::timestamptz OR %1$I >= %3$L::timestamptz',
                                 c.column_name, '1000-01-01T00:00:00Z', '9000-01-01T00:00:00Z'), ' OR ') AS tests
        FROM information_schema.columns c
        JOIN information_schema.tables t
          ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' AND c.data_type = 'timestamp with time zone'
          AND c.is_generated = 'NEVER'
        GROUP BY c.table_name
    LOOP
        assignments := tbl.sets;
        outside := tbl.tests;
        EXECUTE format('UPDATE %I SET %s WHERE %s', tbl.table_name, assignments, outside);
    END LOOP;
END
$$;
