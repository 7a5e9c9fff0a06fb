-- Address-book cards imported before the CRM link existed are linked to the CRM contact that has
-- one of their emails (lower case) or phones (digits and + only), the oldest when several do: the
-- rule the database layer applies to cards and contacts written from now on (docs/crm.md,
-- "Address book and CRM"). Cards already linked are left as they are.
UPDATE "content_contacts" c SET "crm_contact_id" = (
    SELECT k."id" FROM "crm_contacts" k
    WHERE k."email" IN (SELECT lower(e) FROM jsonb_array_elements_text(c."emails") e)
       OR k."phone" IN (SELECT regexp_replace(p, '[^0-9+]', '', 'g') FROM jsonb_array_elements_text(c."phones") p)
    ORDER BY k."created_at", k."id" LIMIT 1)
  WHERE c."crm_contact_id" IS NULL AND EXISTS (
    SELECT 1 FROM "crm_contacts" k
    WHERE k."email" IN (SELECT lower(e) FROM jsonb_array_elements_text(c."emails") e)
       OR k."phone" IN (SELECT regexp_replace(p, '[^0-9+]', '', 'g') FROM jsonb_array_elements_text(c."phones") p));
