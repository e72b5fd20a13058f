import { ArrowLeftOutlined } from '@ant-design/icons';
import { type TTypeDetail, type TTypeInputRaw, ZTypeInput } from '@sello/contracts/catalogue/types-schemas';
import { SERVICE_KINDS, type ServiceKind } from '@sello/contracts/enums';
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../alerts/alert-store.ts';
import {
  clearErrorsOnChange,
  parseForForm,
  reportInvalidFields,
  showServerErrors,
} from '../../components/form/form-errors.ts';
import { useFormDraft } from '../../components/form/use-form-draft.tsx';
import { useSession } from '../../session/use-session.ts';
import { TypeDefaultTemplatesField } from './type-default-templates-field.tsx';
import { ServiceSettingsFields } from './type-form-fields.tsx';
import { serviceName, typesPaths } from './type-labels.ts';
import { TypeWfGroupsField } from './type-wf-groups-field.tsx';
import { TypeWorkflowCard } from './type-workflow-card.tsx';
import { TypeXformsCard } from './type-xforms-card.tsx';
import { useSaveType, useTypeDetail, useUserCompanies } from './types-api.ts';

/** The antd form's values: the input, with 0 for "the whole domain" and an unset placement allowed. */
type TTypeFields = Omit<TTypeInputRaw, 'companyId' | 'placement'> & {
  companyId?: number;
  placement?: { page?: string; position?: string; elements?: string[] };
};

const FIELDS = [
  'companyId',
  'name',
  'description',
  'service',
  'channels',
  'active',
  'custodyTime',
  'signMethod',
  'placement',
  'pinSignatureText',
  'font',
  'multiSignerOrder',
  'identificationDocuments',
  'otherDocumentsLimit',
  'metaProperties',
  'customFields',
  'requiresAuth',
  'authDeadlineHours',
  'defaultTemplates',
];
const WHOLE_DOMAIN = 0;

function toFields(type: TTypeDetail | undefined): Partial<TTypeFields> {
  if (!type) {
    return {
      active: true,
      font: 'helvetica',
      multiSignerOrder: 0,
      channels: [],
      metaProperties: [],
      customFields: [],
      authDeadlineHours: 72,
      defaultTemplates: { HTML: {}, SMS: {} },
    };
  }
  const { wfGroups: _groups, wfUsers: _users, formControls: _controls, ...settings } = type;
  return {
    ...settings,
    companyId: type.companyId ?? WHOLE_DOMAIN,
    description: type.description ?? '',
    placement: type.placement ?? undefined,
  };
}

/** What the form holds, as `new`/`update` take it: settings the service does not use are left out. */
function toInput(values: TTypeFields, wfGroups: number[]): unknown {
  const placement = values.placement;
  const hasPlacement = Boolean(placement?.page || placement?.position || placement?.elements?.length);
  return {
    ...values,
    companyId: values.companyId === WHOLE_DOMAIN || values.companyId === undefined ? null : values.companyId,
    description: values.description || null,
    custodyTime: values.custodyTime ?? null,
    signMethod: values.signMethod ?? null,
    pinSignatureText: values.pinSignatureText ?? null,
    placement: hasPlacement ? placement : null,
    identificationDocuments: values.identificationDocuments ?? [],
    otherDocumentsLimit: values.otherDocumentsLimit ?? 0,
    metaProperties: values.metaProperties ?? [],
    customFields: values.customFields ?? [],
    wfGroups,
  };
}

/** Spec §2 `/types/create` and `/types/edit/{id}`: every setting of a shipping type, its authorisers and its form. */
export default function TypeFormPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id && /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : undefined;
  const type = useTypeDetail(id);
  const companies = useUserCompanies();
  const { roleKeys, superAdmin } = useSession();
  const save = useSaveType();
  const [chosenGroups, setChosenGroups] = useState<number[] | undefined>();
  const [form] = Form.useForm<TTypeFields>();
  const draft = useFormDraft(form);
  const service = Form.useWatch('service', form) as ServiceKind | undefined;
  const back = () => navigate(typesPaths.list);

  const submit = async (values: TTypeFields) => {
    const wfGroups = chosenGroups ?? type.data?.wfGroups.map((group) => group.value) ?? [];
    const input = parseForForm(ZTypeInput, toInput(values, wfGroups), form, t);
    if (!input) return;
    try {
      const saved = await save.mutateAsync({ id, input });
      void draft.discard();
      notify.success('ADMIN_SAVED_OK', { persistent: true });
      // A new type goes on to its editor: the authorisers and the form need its id.
      if (id === undefined) navigate(typesPaths.edit(saved.id), { replace: true });
      else back();
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
    }
  };

  const companyOptions = [
    ...(superAdmin || roleKeys.includes('domainAdmin') ? [{ value: WHOLE_DOMAIN, label: t('TYPE_WHOLE_DOMAIN') }] : []),
    ...(companies.data ?? []).map((company) => ({ value: company.value, label: company.text })),
  ];

  return (
    <div className="page type-form-page" data-testid="type-form-page">
      <Space align="center" className="admin-form-heading">
        <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('BACK')} data-testid="form-back" />
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(id === undefined ? 'TYPES_CREATE_TITLE' : 'TYPES_EDIT_TITLE')}
        </Typography.Title>
      </Space>
      {id !== undefined && !type.data ? (
        <Spin className="route-spinner" />
      ) : (
        <>
          <Card className="page-card admin-form-card">
            <Form<TTypeFields>
              form={form}
              name="type"
              layout="vertical"
              initialValues={toFields(type.data)}
              onFinish={submit}
              onFinishFailed={(failure) => reportInvalidFields(form, failure, t)}
              onValuesChange={clearErrorsOnChange(form)}
              className="admin-form admin-form-wide"
              data-testid="type-form"
            >
              {draft.offer}
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="companyId" label={t('TYPE_COMPANY')} required>
                    <Select options={companyOptions} loading={companies.isLoading} data-testid="field-companyId" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="service" label={t('TYPE_SERVICE')} required>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      options={SERVICE_KINDS.map((kind) => ({ value: kind, label: serviceName(kind, i18n.language) }))}
                      onChange={() =>
                        form.setFieldsValue({
                          channels: [],
                          custodyTime: undefined,
                          signMethod: undefined,
                          identificationDocuments: [],
                        })
                      }
                      data-testid="field-service"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="name" label={t('TYPE_NAME')} required>
                <Input maxLength={200} data-testid="field-name" />
              </Form.Item>
              <Form.Item name="description" label={t('TYPE_DESCRIPTION')}>
                <Input.TextArea maxLength={500} rows={2} data-testid="field-description" />
              </Form.Item>
              <Form.Item name="active" valuePropName="checked">
                <Checkbox data-testid="field-active">{t('ADMIN_ACTIVE')}</Checkbox>
              </Form.Item>
              <ServiceSettingsFields service={service} />
              <TypeDefaultTemplatesField />
              <Typography.Title level={4}>{t('TYPE_AUTHORISATION')}</Typography.Title>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="requiresAuth" valuePropName="checked" extra={t('TYPE_REQUIRES_AUTH_HINT')}>
                    <Checkbox data-testid="field-requiresAuth">{t('TYPE_REQUIRES_AUTH')}</Checkbox>
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="authDeadlineHours" label={t('TYPE_AUTH_DEADLINE')}>
                    <InputNumber min={1} max={8760} addonAfter="h" data-testid="field-authDeadlineHours" />
                  </Form.Item>
                </Col>
              </Row>
              {id !== undefined && <TypeWfGroupsField typeId={id} onChange={setChosenGroups} />}
              <Space className="admin-form-buttons">
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="form-save">
                  {t('SAVE')}
                </Button>
                <Button onClick={back} data-testid="form-cancel">
                  {t('CANCEL')}
                </Button>
              </Space>
            </Form>
          </Card>
          {id !== undefined && type.data && (
            <>
              <TypeWorkflowCard typeId={id} />
              <TypeXformsCard typeId={id} controls={type.data.formControls} />
            </>
          )}
        </>
      )}
    </div>
  );
}
