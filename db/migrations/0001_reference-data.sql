-- Languages and nations are shared reference data: every database needs them, demo or not.
-- idLingua 1 is Italian and 3 German (spec section 3); guest pages show any other language in English.
INSERT INTO "languages" ("id", "name", "code", "phone_prefix") VALUES
  (1, 'Italiano', 'it', '+39'),
  (2, 'English', 'en', '+44'),
  (3, 'Deutsch', 'de', '+49'),
  (4, 'Français', 'fr', '+33'),
  (5, 'Nederlands', 'nl', '+31'),
  (6, 'Español', 'es', '+34'),
  (7, 'Українська', 'uk', '+380'),
  (8, 'Polski', 'pl', '+48'),
  (9, 'Čeština', 'cs', '+420'),
  (10, 'Dansk', 'da', '+45')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "nations" ("id", "name", "iso_code", "phone_prefix", "language_id") VALUES
  (1, 'Italia', 'IT', '+39', 1),
  (2, 'Germania', 'DE', '+49', 3),
  (3, 'Austria', 'AT', '+43', 3),
  (4, 'Svizzera', 'CH', '+41', 3),
  (5, 'Regno Unito', 'GB', '+44', 2),
  (6, 'Irlanda', 'IE', '+353', 2),
  (7, 'Paesi Bassi', 'NL', '+31', 5),
  (8, 'Belgio', 'BE', '+32', 5),
  (9, 'Francia', 'FR', '+33', 4),
  (10, 'Spagna', 'ES', '+34', 6),
  (11, 'Ucraina', 'UA', '+380', 7),
  (12, 'Polonia', 'PL', '+48', 8),
  (13, 'Repubblica Ceca', 'CZ', '+420', 9),
  (14, 'Danimarca', 'DK', '+45', 10),
  (15, 'Stati Uniti', 'US', '+1', 2),
  (16, 'Slovenia', 'SI', '+386', 2),
  (17, 'Croazia', 'HR', '+385', 2),
  (18, 'Ungheria', 'HU', '+36', 2),
  (19, 'Svezia', 'SE', '+46', 2),
  (20, 'Norvegia', 'NO', '+47', 2),
  (21, 'Lussemburgo', 'LU', '+352', 4),
  (22, 'San Marino', 'SM', '+378', 1)
ON CONFLICT ("id") DO NOTHING;
