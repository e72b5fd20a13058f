import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Number of question/answer pairs in the translation files (FAQ_Q1/FAQ_A1 …). */
export const FAQ_COUNT = 10;

export default function FaqsPage() {
  const { t } = useTranslation();
  const items = Array.from({ length: FAQ_COUNT }, (_, index) => ({
    key: String(index + 1),
    label: t(`FAQ_Q${index + 1}`),
    children: <Typography.Paragraph>{t(`FAQ_A${index + 1}`)}</Typography.Paragraph>,
  }));
  return (
    <div className="page faqs-page">
      <Typography.Title level={2}>{t('FAQS_TITLE')}</Typography.Title>
      <Collapse items={items} data-testid="faqs" />
    </div>
  );
}
