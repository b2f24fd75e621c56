// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler/common): the all-positional operator `$[]` and the filtered positional
// operator `$[<identifier>]` with `arrayFilters`, in update and findAndModify. FerretDB 1.24
// refused `arrayFilters`, so a client changing some elements of an array rewrote the whole
// array from what it had read (and lost a concurrent change of another element). Each
// document's update is expanded before it is applied: a path through `$[]` becomes one path
// per element, through `$[m]` one per element the identifier's filter matches, and the update
// operators then apply to those paths as to any other. The plain positional `$` (the element
// the query matched) is refused, naming it: FerretDB answered "Cannot create field '$'".

package common

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// arrayFilters are an update's filters by identifier, as MongoDB reads them: each filter's
// top-level fields name one identifier (`m` in `{"m.id": x}`), each identifier has one filter.
type arrayFilters map[string]*types.Document

// readArrayFilters reads and checks an update's `arrayFilters` against its operators: an
// identifier with no filter, a filter no path uses, or the plain positional `$` are refused
// as MongoDB refuses them (the `$` as not implemented here).
func readArrayFilters(command string, given *types.Array, update *types.Document, hasOperators bool) (arrayFilters, error) {
	filters := arrayFilters{}

	if given != nil {
		for i := range given.Len() {
			f, ok := must.NotFail(given.Get(i)).(*types.Document)
			if !ok {
				return nil, NewUpdateError(handlererrors.ErrTypeMismatch,
					fmt.Sprintf("Each array filter must be an object, found %s", types.FormatAnyValue(must.NotFail(given.Get(i)))), command)
			}

			id, err := filterIdentifier(command, f)
			if err != nil {
				return nil, err
			}

			if _, dup := filters[id]; dup {
				return nil, NewUpdateError(handlererrors.ErrFailedToParse,
					fmt.Sprintf("Found multiple array filters with the same top-level field name %s", id), command)
			}

			filters[id] = f
		}
	}

	used := map[string]bool{}

	if update != nil && hasOperators {
		for _, op := range update.Keys() {
			fields, ok := must.NotFail(update.Get(op)).(*types.Document)
			if !ok {
				continue // refused by the operators' own checks
			}

			for _, key := range fields.Keys() {
				for _, seg := range strings.Split(key, ".") {
					id, positional := positionalSegment(seg)
					if !positional {
						continue
					}

					if seg == "$" {
						return nil, NewUpdateError(handlererrors.ErrNotImplemented,
							fmt.Sprintf("The positional operator '$' (in path '%s') is not supported by this engine; "+
								"use '$[<identifier>]' with arrayFilters", key), command)
					}

					if strings.HasPrefix(key, seg) {
						return nil, NewUpdateError(handlererrors.ErrBadValue,
							fmt.Sprintf("Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '%s'", key), command)
					}

					if op == "$rename" {
						return nil, NewUpdateError(handlererrors.ErrBadValue,
							fmt.Sprintf("The source field for $rename may not be dynamic: %s", key), command)
					}

					if id == "" {
						continue // `$[]`: every element
					}

					if _, ok := filters[id]; !ok {
						return nil, NewUpdateError(handlererrors.ErrBadValue,
							fmt.Sprintf("No array filter found for identifier '%s' in path '%s'", id, key), command)
					}

					used[id] = true
				}
			}
		}
	}

	for id := range filters {
		if !used[id] {
			return nil, NewUpdateError(handlererrors.ErrFailedToParse,
				fmt.Sprintf("The array filter for identifier '%s' was not used in the update %s", id, types.FormatAnyValue(update)), command)
		}
	}

	return filters, nil
}

// filterIdentifier is the one identifier a filter's top-level fields name.
func filterIdentifier(command string, f *types.Document) (string, error) {
	if f.Len() == 0 {
		return "", NewUpdateError(handlererrors.ErrFailedToParse,
			"Cannot use an expression without a top-level field name in arrayFilters", command)
	}

	var id string

	for _, key := range f.Keys() {
		if strings.HasPrefix(key, "$") {
			return "", NewUpdateError(handlererrors.ErrNotImplemented,
				fmt.Sprintf("Array filters with a top-level %s are not supported by this engine: name the identifier's fields", key), command)
		}

		name, _, _ := strings.Cut(key, ".")
		if id != "" && name != id {
			return "", NewUpdateError(handlererrors.ErrFailedToParse,
				fmt.Sprintf("Error parsing array filter :: caused by :: Expected a single top-level field name, found '%s' and '%s'", id, name), command)
		}

		id = name
	}

	if !validIdentifier(id) {
		return "", NewUpdateError(handlererrors.ErrBadValue,
			fmt.Sprintf("Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '%s'", id), command)
	}

	return id, nil
}

func validIdentifier(id string) bool {
	if id == "" || id[0] < 'a' || id[0] > 'z' {
		return false
	}

	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}

	return true
}

// positionalSegment: `$[m]` → "m", `$[]` → "", `$` → "$"; positional false for a field name.
func positionalSegment(seg string) (id string, positional bool) {
	if seg == "$" {
		return "$", true
	}

	if strings.HasPrefix(seg, "$[") && strings.HasSuffix(seg, "]") {
		return seg[2 : len(seg)-1], true
	}

	return "", false
}

// hasPositional reports whether any operator's path goes through `$[]` or `$[<identifier>]`.
func hasPositional(update *types.Document) bool {
	for _, v := range update.Values() {
		if fields, ok := v.(*types.Document); ok {
			for _, key := range fields.Keys() {
				if strings.Contains(key, "$[") {
					return true
				}
			}
		}
	}

	return false
}

// expandPositional is the update with each path through `$[]` or `$[<identifier>]` replaced by
// the paths of doc's elements it names (none: the operator leaves doc as it is).
func expandPositional(command string, doc, update *types.Document, filters arrayFilters) (*types.Document, error) {
	expanded := must.NotFail(types.NewDocument())

	for _, op := range update.Keys() {
		value := must.NotFail(update.Get(op))

		fields, ok := value.(*types.Document)
		if !ok {
			expanded.Set(op, value)
			continue
		}

		out := must.NotFail(types.NewDocument())

		for _, key := range fields.Keys() {
			v := must.NotFail(fields.Get(key))

			if !strings.Contains(key, "$[") {
				out.Set(key, v)
				continue
			}

			paths, err := elementPaths(command, doc, nil, strings.Split(key, "."), filters)
			if err != nil {
				return nil, err
			}

			for _, p := range paths {
				out.Set(p, v)
			}
		}

		expanded.Set(op, out)
	}

	return expanded, nil
}

// elementPaths walks segs from value (doc at the top), with done the segments walked so far:
// each positional segment forks into the indexes of the array's elements it names.
func elementPaths(command string, value any, done, segs []string, filters arrayFilters) ([]string, error) {
	for i, seg := range segs {
		id, positional := positionalSegment(seg)
		if !positional {
			done = append(done, seg)
			value = childOf(value, seg)

			continue
		}

		at := strings.Join(done, ".")

		if value == nil {
			return nil, NewUpdateError(handlererrors.ErrBadValue,
				fmt.Sprintf("The path '%s' must exist in the document in order to apply array updates.", at), command)
		}

		arr, ok := value.(*types.Array)
		if !ok {
			return nil, NewUpdateError(handlererrors.ErrBadValue,
				fmt.Sprintf("Cannot apply array updates to non-array element %s: %s", at, types.FormatAnyValue(value)), command)
		}

		var paths []string

		for j := range arr.Len() {
			elem := must.NotFail(arr.Get(j))

			if id != "" {
				matched, err := FilterDocument(must.NotFail(types.NewDocument(id, elem)), filters[id])
				if err != nil {
					return nil, NewUpdateError(handlererrors.ErrBadValue, fmt.Sprintf("arrayFilters: %s", err), command)
				}

				if !matched {
					continue
				}
			}

			rest := append(append([]string{}, done...), strconv.Itoa(j))

			sub, err := elementPaths(command, elem, rest, segs[i+1:], filters)
			if err != nil {
				return nil, err
			}

			paths = append(paths, sub...)
		}

		return paths, nil
	}

	return []string{strings.Join(done, ".")}, nil
}

// childOf is a document's field or an array's element by index (nil: none).
func childOf(value any, seg string) any {
	switch v := value.(type) {
	case *types.Document:
		c, _ := v.Get(seg)
		return c
	case *types.Array:
		j, err := strconv.Atoi(seg)
		if err != nil || j < 0 || j >= v.Len() {
			return nil
		}

		return must.NotFail(v.Get(j))
	}

	return nil
}
