-- Templates of their own for newsletters: 'quote' (quote mails and reminders, as every template so far)
-- or 'newsletter' (offered by /stepsMailing, with only the placeholders a newsletter can fill).
ALTER TABLE "templates" ADD COLUMN "purpose" text DEFAULT 'quote' NOT NULL;