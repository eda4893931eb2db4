// Resources of a corporate travel platform: companies, their legal entities, offices, cost centers, departments, grades, custom fields, settings, RBAC roles, API users and keys.
package travel
