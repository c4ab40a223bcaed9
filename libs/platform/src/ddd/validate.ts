/** An emoji: the character itself (pictographic) or its hex code points (`1f389`, `1f468-200d-1f4bb`). */
export function isEmoji(v: string): boolean {
  return (
    /^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/i.test(v) ||
    (/^(\p{Extended_Pictographic}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3|[#*0-9]|\p{Emoji_Modifier})+$/u.test(v) &&
      /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(v))
  );
}
