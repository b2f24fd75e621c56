// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler/handlerparams): a parameters struct's `ferretdb` tags are parsed once per
// struct type. FerretDB parsed every tag of the struct (reflection, strings.Split) for each
// key of each command, and again to check the required ones: 8% of the engine's CPU for a
// find by `_id`. The answers, errors and panics are those of the functions the patch renames
// (lookupFieldTagEachTime, checkAllRequiredFieldsPopulatedEachTime).

package handlerparams

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// structTags is one parameters struct's tags, in field order.
type structTags struct {
	firstIndex map[string]int // a key → the first field that names it
	untagged   int            // the first field without a tag, or the number of fields
	fields     []fieldTag
}

// fieldTag is one field's key and options.
type fieldTag struct {
	name    string
	key     string
	options *tagOptions
}

var parsedTags sync.Map // reflect.Type → *structTags

func tagsOf(t reflect.Type) *structTags {
	if cached, ok := parsedTags.Load(t); ok {
		return cached.(*structTags)
	}

	tags := &structTags{firstIndex: map[string]int{}, untagged: t.NumField()}

	for i := range t.NumField() {
		field := t.Field(i)
		tag := field.Tag.Get("ferretdb")

		if tag == "" && tags.untagged == t.NumField() {
			tags.untagged = i
		}

		optionsList := strings.Split(tag, ",")
		if _, ok := tags.firstIndex[optionsList[0]]; !ok {
			tags.firstIndex[optionsList[0]] = i
		}

		tags.fields = append(tags.fields, fieldTag{
			name:    field.Name,
			key:     optionsList[0],
			options: tagOptionsFromList(optionsList[1:]),
		})
	}

	parsedTags.Store(t, tags)

	return tags
}

// lookupFieldTag looks for the tag and returns its options.
func lookupFieldTag(key string, value *reflect.Value) (*int, *tagOptions, error) {
	tags := tagsOf(value.Type())

	i, found := tags.firstIndex[key]

	// FerretDB's loop stopped at the first field without a tag, unless the key matched before.
	read := len(tags.fields)
	if found {
		read = i + 1
	}

	if tags.untagged < read {
		return nil, nil, lazyerrors.Errorf("no tag provided for %s", tags.fields[tags.untagged].name)
	}

	if !found {
		return nil, nil, nil
	}

	return &i, tags.fields[i].options, nil // read only, as its callers use it
}

// checkAllRequiredFieldsPopulated checks that all required fields are populated.
func checkAllRequiredFieldsPopulated(v *reflect.Value, command string, keys []string) error {
	for i, field := range tagsOf(v.Type()).fields {
		to := field.options
		if to.ignored || to.optional || to.unimplemented || to.nonDefault {
			continue
		}

		if to.collection {
			if v.Field(i).IsZero() {
				return handlererrors.NewCommandErrorMsgWithArgument(handlererrors.ErrInvalidNamespace,
					fmt.Sprintf("Invalid namespace specified '%s.'", v.FieldByName("DB")),
					command,
				)
			}
		}

		// Fields with "-" are ignored when parsing parameters.
		if field.key == "-" {
			continue
		}

		// Depending on the driver, the key may be camel case or lower case for a collection name.
		if !slices.Contains(keys, field.key) && !slices.Contains(keys, strings.ToLower(field.key)) {
			return handlererrors.NewCommandErrorMsgWithArgument(
				handlererrors.ErrMissingField,
				fmt.Sprintf("BSON field '%s.%s' is missing but a required field", command, field.key),
				command,
			)
		}
	}

	return nil
}
