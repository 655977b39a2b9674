-- Person names are one line (decision 023): names stored before the rule lose their line breaks and
-- tabs (each run becomes one space) and their bidirectional controls, so every page, mail, digest and
-- calendar entry shows them as one plain line. A name that would be left empty keeps its value (the
-- server's display helper still prints it on one line).
UPDATE "users" SET "first_name" = btrim(regexp_replace(regexp_replace(regexp_replace("first_name",
    E'[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g'), E'[\\t\\n\\r\u0085\u2028\u2029]+', ' ', 'g'), ' {2,}', ' ', 'g'))
  WHERE "first_name" ~ E'[\\t\\n\\r\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]'
    AND btrim(regexp_replace("first_name", E'[\\t\\n\\r\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\\s]', '', 'g')) <> '';--> statement-breakpoint
UPDATE "users" SET "last_name" = btrim(regexp_replace(regexp_replace(regexp_replace("last_name",
    E'[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g'), E'[\\t\\n\\r\u0085\u2028\u2029]+', ' ', 'g'), ' {2,}', ' ', 'g'))
  WHERE "last_name" ~ E'[\\t\\n\\r\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]'
    AND btrim(regexp_replace("last_name", E'[\\t\\n\\r\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\\s]', '', 'g')) <> '';
