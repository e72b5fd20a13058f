-- A template is written in one language, and a shipping type keeps one default template per content type and
-- language: a Spanish or Portuguese receiver is never sent the English default. Templates written before this
-- migration take Spanish, the product's default language (docs/decisions/templates.md); their administrators
-- change it in the template editor. The type's former single defaults become the default of their template's
-- language.
ALTER TABLE templates
  ADD COLUMN language text NOT NULL DEFAULT 'es-es' CHECK (language IN ('es-es', 'en-en', 'pt-pt'));

CREATE TABLE shipping_type_default_templates (
  type_id bigint NOT NULL REFERENCES shipping_types (id),
  content_type text NOT NULL CHECK (content_type IN ('HTML', 'SMS')),
  language text NOT NULL CHECK (language IN ('es-es', 'en-en', 'pt-pt')),
  template_id bigint NOT NULL REFERENCES templates (id),
  PRIMARY KEY (type_id, content_type, language)
);
CREATE INDEX shipping_type_default_templates_template ON shipping_type_default_templates (template_id);

INSERT INTO shipping_type_default_templates (type_id, content_type, language, template_id)
SELECT t.id, 'HTML', tpl.language, tpl.id
FROM shipping_types t JOIN templates tpl ON tpl.id = t.default_template_id AND tpl.content_type = 'HTML';
INSERT INTO shipping_type_default_templates (type_id, content_type, language, template_id)
SELECT t.id, 'SMS', tpl.language, tpl.id
FROM shipping_types t JOIN templates tpl ON tpl.id = t.default_sms_template_id AND tpl.content_type = 'SMS';

ALTER TABLE shipping_types DROP COLUMN default_template_id, DROP COLUMN default_sms_template_id;
