import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { appSystem } from '@/app/theme';
import { MaskedInput } from '@/components/masked-input';
import { useState } from 'react';
import { CNPJ_MASK, HOURS_MASK, PHONE_MASK, TAX_ID_MASK, type Mask } from '@/lib/masks';

let submitted: string | undefined;

/** A react-hook-form field registered as the console's forms do; mode onChange re-renders on every key. */
function Form({ mask, initial = '' }: { mask: Mask; initial?: string }) {
  const { register, handleSubmit } = useForm({ defaultValues: { value: initial }, mode: 'onChange' });
  return (
    <form onSubmit={handleSubmit((values) => void (submitted = values.value))}>
      <MaskedInput aria-label="masked" mask={mask} {...register('value')} />
      <button type="submit">send</button>
    </form>
  );
}

function setup(mask: Mask, delay: number | null, initial?: string) {
  const user = userEvent.setup({ delay });
  render(
    <ChakraProvider value={appSystem()}>
      <Form mask={mask} initial={initial} />
    </ChakraProvider>,
  );
  return { user, input: screen.getByLabelText('masked') as HTMLInputElement };
}

describe('masked inputs keep every keystroke (issue 30 item 9)', () => {
  it('types a CNPJ with no pause between keys (a page busy rendering) and the form holds it', async () => {
    const { user, input } = setup(CNPJ_MASK, null);
    await user.type(input, '11222333000181');
    expect(input.value).toBe('11.222.333/0001-81');
    submitted = undefined;
    await user.click(screen.getByText('send'));
    expect(submitted).toBe('11.222.333/0001-81');
  });

  it.each([
    [30, PHONE_MASK, '11999998888', '11 99999-8888'],
    [80, PHONE_MASK, '11999998888', '11 99999-8888'],
    [30, TAX_ID_MASK, '52998224725', '529.982.247-25'],
    [80, CNPJ_MASK, '11222333000181', '11.222.333/0001-81'],
  ])('types at %i ms a key: %#', async (delay, mask, keys, shown) => {
    const { user, input } = setup(mask, delay);
    await user.type(input, keys);
    expect(input.value).toBe(shown);
  });

  it('grows a typed CPF into a CNPJ without losing keys', async () => {
    const { user, input } = setup(TAX_ID_MASK, null);
    await user.type(input, '52998224725');
    expect(input.value).toBe('529.982.247-25');
    await user.type(input, '123');
    expect(input.value).toBe('52.998.224/7251-23');
  });

  it('pastes over the whole value, and over part of it', async () => {
    const { user, input } = setup(CNPJ_MASK, null, '99.888.777/0001-66');
    await user.click(input);
    input.setSelectionRange(0, input.value.length);
    await user.paste('11.222.333/0001-81');
    expect(input.value).toBe('11.222.333/0001-81');
    // The mouse selects '333' and a paste replaces it, right away.
    input.setSelectionRange(7, 10);
    await user.paste('444');
    expect(input.value).toBe('11.222.444/0001-81');
  });

  it('edits in the middle with the caret kept where the key went', async () => {
    const { user, input } = setup(PHONE_MASK, null, '11 99999-8888');
    await user.click(input);
    input.setSelectionRange(3, 3);
    await user.keyboard('{Delete}7');
    expect(input.value).toBe('11 79999-8888');
    expect(input.selectionStart).toBe(4);
  });

  it('works as a controlled input too (hours), keeping the caret where the key went', async () => {
    function Hours() {
      const [value, setValue] = useState('');
      return (
        <MaskedInput aria-label="hours" mask={HOURS_MASK} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      );
    }
    const user = userEvent.setup({ delay: null });
    render(
      <ChakraProvider value={appSystem()}>
        <Hours />
      </ChakraProvider>,
    );
    const input = screen.getByLabelText('hours') as HTMLInputElement;
    await user.type(input, '08305');
    expect(input.value).toBe('08:30');
    input.setSelectionRange(1, 1);
    await user.keyboard('{Backspace}9');
    expect(input.value).toBe('98:30');
    expect(input.selectionStart).toBe(1);
  });
});
