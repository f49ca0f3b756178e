import { useState } from 'react';

/** A sub-domain suggested from a name: lowercase letters, digits and single hyphens, at most 63. */
export function suggestSubdomain(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/**
 * A name and the sub-domain (or page slug) suggested from it as it is typed, until the address
 * is typed in itself: from then on it is the user's and the name no longer changes it.
 */
export function useNameWithAddress() {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [addressEdited, setAddressEdited] = useState(false);
  return {
    name,
    address,
    changeName: (value: string) => {
      setName(value);
      if (!addressEdited) setAddress(suggestSubdomain(value));
    },
    changeAddress: (value: string) => {
      setAddressEdited(true);
      setAddress(value);
    },
    /** Empty again, the address following the name once more (after a page was added). */
    reset: () => {
      setName('');
      setAddress('');
      setAddressEdited(false);
    },
  };
}
