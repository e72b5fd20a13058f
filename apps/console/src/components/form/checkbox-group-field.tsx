import { Checkbox, type GetProps } from 'antd';

type TCheckboxGroupProps = GetProps<typeof Checkbox.Group>;

/**
 * A checkbox group inside a required Form.Item. antd puts `aria-required` on the Form.Item's child, which a
 * plain `div` may not carry (axe: aria-allowed-attr); each checkbox states the choice, the group is a `group`.
 */
export function CheckboxGroupField({ 'aria-required': _required, ...props }: TCheckboxGroupProps) {
  return <Checkbox.Group role="group" {...props} />;
}
