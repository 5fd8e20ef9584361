import Image from '@tiptap/extension-image';

/**
 * The image node, keeping what mail HTML relies on: width and height (the base extension has
 * them), the inline style (sizes, float, margins set in the source view) and the id of the
 * campsite's image it shows (data-image-id), from which the template's image list is derived.
 */
export const TemplateImage = Image.configure({ inline: true, allowBase64: false }).extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      style: {
        default: null,
        parseHTML: (element) => element.getAttribute('style'),
        renderHTML: (attributes) => (attributes.style ? { style: attributes.style } : {}),
      },
      imageId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-image-id'),
        renderHTML: (attributes) => (attributes.imageId ? { 'data-image-id': attributes.imageId } : {}),
      },
    };
  },
});
