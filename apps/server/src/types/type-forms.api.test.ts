import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { CLAIM_FORM, XXE_FORM } from '../../test/xforms-fixtures.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
});
afterAll(() => t.close());

const importForm = (data: string) => admin.post('shippings/types/importXforms', { params: { data } });

const wrap = (body: string, binds = '') =>
  `<h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>` +
  `<instance><data><a/><b/></data></instance>${binds}</model></h:head><h:body>${body}</h:body></h:html>`;

describe('shippings/types/importXforms', () => {
  it('reads every control kind of the subset, with required, constraints, options and relevance', async () => {
    const response = await importForm(CLAIM_FORM);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.controls.map((control: { kind: string; name: string }) => [control.kind, control.name])).toEqual([
      ['TEXT', 'intro'],
      ['INPUT_TEXT', 'policy'],
      ['TEXT_AREA', 'notes'],
      ['BR', ''],
      ['SELECT', 'cover'],
      ['RADIO_BUTTON', 'channel'],
      ['CHECKBOX', 'extras'],
      ['INPUT_TEXT', 'reason'],
    ]);
    expect(result.controls[1]).toMatchObject({
      label: 'Policy number',
      required: true,
      constraint: { pattern: 'P-[0-9]{4}', maxLength: 6 },
    });
    expect(result.controls[4].options).toEqual([
      { value: 'home', text: 'Home' },
      { value: 'car', text: 'Car' },
      { value: 'other', text: 'Other' },
    ]);
    expect(result.controls[7].relevant).toEqual({ field: 'cover', value: 'other' });
  });

  it('refuses a DOCTYPE (XXE) and never expands the entity', async () => {
    const result = (await importForm(XXE_FORM)).json();
    expect(result).toEqual({ valid: false, errors: [{ element: 'document', key: 'ERR_XFORM_DOCTYPE' }], controls: [] });
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('refuses malformed, too deep and too large documents', async () => {
    for (const data of ['<h:html><h:body>', 'not xml at all', '<a>&undefinedEntity;</a>', '<html><body/></html>']) {
      expect((await importForm(data)).json().errors).toEqual([{ element: 'document', key: 'ERR_XFORM_MALFORMED' }]);
    }
    const deep = `${'<g>'.repeat(40)}${'</g>'.repeat(40)}`;
    expect((await importForm(deep)).json().errors).toEqual([{ element: 'document', key: 'ERR_XFORM_TOO_DEEP' }]);
    const large = await importForm(wrap(`<input ref="/data/a"><label>${'x'.repeat(300 * 1024)}</label></input>`));
    expect(large.statusCode).toBe(400);
    expect(large.json().fields).toEqual({ 'params.data': 'ERR_XFORM_TOO_LARGE' });
  });

  it('answers one error per element it cannot read, and the controls it could', async () => {
    const result = (
      await importForm(
        wrap(
          '<input ref="/data/a"><label>A</label></input><upload ref="/data/b"><label>File</label></upload>' +
            '<select1 ref="/data/c"><label>C</label></select1><input ref="/data/d"><label>D</label></input>' +
            '<input ref="/data/a"><label>Again</label></input><input ref="/data/e"/>',
          '<bind nodeset="/data/d" constraint="today() &gt; ."/>',
        ),
      )
    ).json();
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      { element: 'b', key: 'ERR_XFORM_UNSUPPORTED_CONTROL' },
      { element: 'c', key: 'ERR_XFORM_NO_OPTIONS' },
      { element: 'd', key: 'ERR_XFORM_UNSUPPORTED_EXPRESSION' },
      { element: 'a', key: 'ERR_XFORM_DUPLICATE_NAME' },
      { element: 'e', key: 'ERR_XFORM_NO_LABEL' },
    ]);
    expect(result.controls.map((control: { name: string }) => control.name)).toEqual(['a', 'e']);
    expect((await importForm(wrap(''))).json().errors).toEqual([{ element: 'body', key: 'ERR_XFORM_NO_CONTROLS' }]);
  });
});

describe('shippings/types/importXforms: the textarea control', () => {
  it('reads a textarea as TEXT_AREA, and a read-only one as TEXT', async () => {
    const result = (
      await importForm(
        wrap(
          '<textarea ref="/data/notes"><label>Notes</label></textarea>' +
            '<textarea ref="/data/terms"><label>Terms</label></textarea>',
          '<bind nodeset="/data/notes" required="true()"/><bind nodeset="/data/terms" readonly="true()"/>',
        ),
      )
    ).json();
    expect(result.errors).toEqual([]);
    expect(
      result.controls.map((control: { kind: string; name: string; required: boolean }) => [
        control.kind,
        control.name,
        control.required,
      ]),
    ).toEqual([
      ['TEXT_AREA', 'notes', true],
      ['TEXT', 'terms', false],
    ]);
  });
});

describe('shippings/types/xformshippingtype and the shipping', () => {
  it('attaches a valid form to a type, keeps it on an invalid one, and sendrequest checks the values', async () => {
    const type = (
      await admin.post('shippings/types/new', {
        companyId: notaria,
        name: 'Claim with form',
        service: 'communication',
        channels: ['email'],
        customFields: [{ name: 'claimRef', label: 'Claim', required: true }],
      })
    ).json();
    const attached = await admin.post('shippings/types/xformshippingtype', {
      params: { data: CLAIM_FORM, typeId: type.id },
    });
    expect(attached.json().valid).toBe(true);
    const refused = await admin.post('shippings/types/xformshippingtype', {
      params: { data: XXE_FORM, typeId: type.id },
    });
    expect(refused.json().valid).toBe(false);
    const detail = (await admin.get(`shippings/types/detail?typeSelected=${type.id}`)).json();
    expect(detail.formControls).toHaveLength(8);

    const send = (formValues: Record<string, string>, customFields: Record<string, string> = { claimRef: 'C1' }) =>
      admin.post('shippings/sendrequest', {
        companyId: notaria,
        typeId: type.id,
        channel: 'email',
        subject: 'Claim',
        message: 'Your claim',
        receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es' }],
        customFields,
        formValues,
      });
    const fields = async (values: Record<string, string>, custom?: Record<string, string>) =>
      (await send(values, custom)).json().fields;
    expect(await fields({})).toEqual({
      'formValues.policy': 'ERR_FIELD_REQUIRED',
      'formValues.cover': 'ERR_FIELD_REQUIRED',
    });
    expect(await fields({ policy: 'P-12', cover: 'boat', extras: 'glass nope', unknown: 'x' })).toEqual({
      'formValues.policy': 'ERR_FORM_VALUE_CONSTRAINT',
      'formValues.cover': 'ERR_FIELD_INVALID',
      'formValues.extras': 'ERR_FIELD_INVALID',
      'formValues.unknown': 'ERR_FIELD_INVALID',
    });
    expect(await fields({ policy: 'P-1234', cover: 'other' })).toEqual({ 'formValues.reason': 'ERR_FIELD_REQUIRED' });
    expect(await fields({ policy: 'P-1234', cover: 'car' }, { other: 'x' })).toEqual({
      'customFields.other': 'ERR_FIELD_INVALID',
      'customFields.claimRef': 'ERR_FIELD_REQUIRED',
    });
    const sent = await send({ policy: 'P-1234', cover: 'car', extras: 'glass theft', reason: 'hidden' });
    expect(sent.statusCode, sent.body).toBe(200);
    const shipping = (await admin.get(`shippings/shippingdetail?requestId=${sent.json().requestId}`)).json();
    expect(shipping.formValues).toEqual([
      { name: 'policy', label: 'Policy number', value: 'P-1234' },
      { name: 'cover', label: 'Cover', value: 'car' },
      { name: 'extras', label: 'Extras', value: 'glass theft' },
    ]);
  });
});
