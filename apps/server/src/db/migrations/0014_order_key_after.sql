-- The order key after `last` (null: the first key of an empty status), with the two random digits r1 (0–61)
-- and r2 (1–61) appended: modules/tasks/service/order-keys.ts's keyBetween(last, null), in the database, so a
-- move or a creation at a status's end is one statement that reads the last key and writes after it.
-- Character tests use ascii(): comparing letters as text would follow the database's collation.
CREATE FUNCTION order_key_after(last text, r1 integer, r2 integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  head integer;
  len integer;
  body text;
  v integer;
  spread text;
BEGIN
  IF r1 IS NULL OR r2 IS NULL OR r1 < 0 OR r1 > 61 OR r2 < 1 OR r2 > 61 THEN
    RAISE EXCEPTION 'order_key_after: random digits out of range (%, %)', r1, r2;
  END IF;
  spread := substr(digits, r1 + 1, 1) || substr(digits, r2 + 1, 1);
  IF last IS NULL THEN
    RETURN 'a0' || spread;
  END IF;
  head := ascii(last);
  IF head BETWEEN 97 AND 122 THEN
    len := head - 96;
  ELSIF head BETWEEN 65 AND 90 THEN
    len := 91 - head;
  ELSE
    RAISE EXCEPTION 'not an order-key head: %', last;
  END IF;
  IF length(last) < len + 1 THEN
    RAISE EXCEPTION 'order key too short: %', last;
  END IF;
  body := substr(last, 2, len);
  FOR i IN REVERSE len..1 LOOP
    v := strpos(digits, substr(body, i, 1)) - 1;
    IF v < 0 THEN
      RAISE EXCEPTION 'not an order-key digit in %', last;
    END IF;
    IF v < 61 THEN
      RETURN chr(head) || substr(body, 1, i - 1) || substr(digits, v + 2, 1) || repeat('0', len - i) || spread;
    END IF;
  END LOOP;
  -- Every digit overflowed: the next integer has another head.
  IF head = 90 THEN
    RETURN 'a0' || spread;
  ELSIF head = 122 THEN
    RAISE EXCEPTION 'order keys exhausted';
  ELSIF head >= 97 THEN
    RETURN chr(head + 1) || repeat('0', len + 1) || spread;
  END IF;
  RETURN chr(head + 1) || repeat('0', len - 1) || spread;
END
$$;
