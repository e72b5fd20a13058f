import type { TFormControl } from '@sello/contracts/catalogue/types-schemas';
import { holdsValue, isRelevant } from '@sello/contracts/form-values';
import { Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import type { ReactNode } from 'react';

type TInputProps = {
  control: TFormControl;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
};

/**
 * The input of one control of a type's form (spec §3 kinds), usable as an antd Form.Item child.
 * CHECKBOX values are the chosen options separated by spaces, as XForms `select` keeps them.
 */
export function FormControlInput({ control, value = '', onChange, disabled }: TInputProps) {
  const set = (next: string) => onChange?.(next);
  const testId = `form-control-${control.name}`;
  const options = control.options.map((option) => ({ value: option.value, label: option.text }));
  switch (control.kind) {
    case 'TEXT_AREA':
      return (
        <Input.TextArea
          rows={3}
          value={value}
          disabled={disabled}
          onChange={(event) => set(event.target.value)}
          data-testid={testId}
        />
      );
    case 'SELECT':
      return (
        <Select
          allowClear
          value={value || undefined}
          disabled={disabled}
          options={options}
          onChange={(next?: string) => set(next ?? '')}
          data-testid={testId}
        />
      );
    case 'RADIO_BUTTON':
      return (
        <Radio.Group
          value={value || undefined}
          disabled={disabled}
          options={options}
          onChange={(event) => set(String(event.target.value))}
          data-testid={testId}
        />
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group
          value={value ? value.split(' ') : []}
          disabled={disabled}
          options={options}
          onChange={(chosen) => set((chosen as string[]).join(' '))}
          data-testid={testId}
        />
      );
    default:
      return (
        <Input value={value} disabled={disabled} onChange={(event) => set(event.target.value)} data-testid={testId} />
      );
  }
}

/** What a control shows besides its input: TEXT is a paragraph, BR a line break; null for inputs. */
export function staticControl(control: TFormControl, key: string): ReactNode {
  if (control.kind === 'BR') return <br key={key} />;
  if (control.kind === 'TEXT') {
    return (
      <Typography.Paragraph key={key} className="form-control-text">
        {control.label}
      </Typography.Paragraph>
    );
  }
  return null;
}

/** A read-only rendering of a type's form: the editor's preview. */
export function FormControlsView({
  controls,
  values = {},
  ...rest
}: {
  controls: readonly TFormControl[];
  values?: Record<string, string>;
  'data-testid'?: string;
}) {
  return (
    <div className="form-controls" data-testid={rest['data-testid']}>
      {controls.map((control, index) => {
        const key = `${control.kind}-${control.name}-${index}`;
        if (!holdsValue(control)) return staticControl(control, key);
        if (!isRelevant(control, values)) return null;
        return (
          <Form.Item key={key} label={control.label} required={control.required}>
            <FormControlInput control={control} value={values[control.name]} disabled />
          </Form.Item>
        );
      })}
    </div>
  );
}
